export const SUPPORTED: string;
export const RECOMMENDED: number;
export const supportOf: (version: string) => 'ok' | 'untested' | 'unsupported';
export const checkNode: (options?: { log?: (line: string) => void }) => void;
