// s3rver ships no types; the little the tests use of it.
declare module 's3rver' {
  export default class S3rver {
    constructor(options: {
      port?: number;
      address?: string;
      silent?: boolean;
      directory: string;
      resetOnClose?: boolean;
      configureBuckets?: Array<{ name: string }>;
    });
    run(): Promise<{ port: number; address: string }>;
    close(): Promise<void>;
  }
}
