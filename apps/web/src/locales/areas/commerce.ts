import { addStrings } from '../register';
import commerce from 'virtual:locale/commerce';

/** The shop, orders and recharge dialog strings. */
addStrings('zh-CN', { commerce });
