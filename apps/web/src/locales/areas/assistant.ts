import { addStrings } from '../register';
import assistant from 'virtual:locale/assistant';

/** The assistant's strings (also the admin settings page's assistant section). */
addStrings('zh-CN', { assistant });
