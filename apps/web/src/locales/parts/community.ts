import { definePart } from './define-part';

/** Strings of this area's screens (zh-CN first; en-US must mirror every key). */
export const communityPart = definePart({}, {});
