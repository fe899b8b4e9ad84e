import { addStrings } from '../register';
import mobile from 'virtual:locale/mobile';

/** The phone pages' strings: loaded with features/mobile and the phone tool flow. */
addStrings('zh-CN', { mobile });
