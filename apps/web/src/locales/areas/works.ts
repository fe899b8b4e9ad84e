import { addStrings } from '../register';
import works from 'virtual:locale/works';

/** The works page, /client and the prompt tools' strings. */
addStrings('zh-CN', { works });
