import fs from 'node:fs/promises';
import S3rver from 's3rver';
import { makeTempDir } from '../helper';

export type S3Server = {
  url: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  close: () => Promise<void>;
};

/**
 * A real S3-protocol server (s3rver: SigV4 header and query authentication, S3's XML errors) on
 * a free loopback port, with one bucket, storing into a temp directory. S3RVER/S3RVER are the
 * credentials it knows.
 */
export const startS3rver = async (bucket = 'huijing-test'): Promise<S3Server> => {
  const directory = await makeTempDir('huijing-s3rver-');
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    close: async () => {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
};
