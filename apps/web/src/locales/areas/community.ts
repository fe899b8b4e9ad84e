import { addStrings } from '../register';
import community from 'virtual:locale/community';

/** The gallery's strings (also the publish action on result panels). */
addStrings('zh-CN', { community });
