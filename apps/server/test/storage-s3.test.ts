import { describe, expect, it } from 'vitest';
import {
  EMPTY_SHA256,
  presignUrl,
  sha256Hex,
  signRequest,
  signingKey,
  uriEncode,
} from '../src/providers/storage/s3-signer';

// AWS's documented example credentials and date (S3 API reference, Signature Version 4 examples).
const example = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};
const at = new Date('2013-05-24T00:00:00Z');

describe('SigV4 signer against the AWS worked examples', () => {
  it('GET Object with a Range header (header-based auth)', () => {
    const signed = signRequest({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadHash: EMPTY_SHA256,
      credentials: example,
      at,
    });
    expect(signed.canonicalRequest).toBe(
      [
        'GET',
        '/test.txt',
        '',
        'host:examplebucket.s3.amazonaws.com',
        'range:bytes=0-9',
        `x-amz-content-sha256:${EMPTY_SHA256}`,
        'x-amz-date:20130524T000000Z',
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        EMPTY_SHA256,
      ].join('\n'),
    );
    expect(signed.stringToSign).toBe(
      'AWS4-HMAC-SHA256\n20130524T000000Z\n20130524/us-east-1/s3/aws4_request\n' +
        '7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
    );
    expect(signed.signature).toBe(
      'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('PUT Object with a signed body and an encoded key (test$file.text)', () => {
    const body = 'Welcome to Amazon S3.';
    expect(sha256Hex(body)).toBe(
      '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072',
    );
    const signed = signRequest({
      method: 'PUT',
      url: new URL(`https://examplebucket.s3.amazonaws.com/${uriEncode('test$file.text', true)}`),
      headers: {
        Date: 'Fri, 24 May 2013 00:00:00 GMT',
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
      },
      payloadHash: sha256Hex(body),
      credentials: example,
      at,
    });
    expect(signed.canonicalRequest.split('\n')[1]).toBe('/test%24file.text');
    expect(signed.signature).toBe(
      '98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });

  it('presigned GET URL (query-string auth), valid 24 hours', () => {
    const url = presignUrl({
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      credentials: example,
      at,
      expiresSeconds: 86_400,
    });
    expect(url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt' +
        '?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
        '&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request' +
        '&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host' +
        '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
    expect(() =>
      presignUrl({ url: new URL(url), credentials: example, at, expiresSeconds: 604_801 }),
    ).toThrow(/7 days/);
  });

  it('derives the signing key by the documented HMAC chain and encodes like S3', () => {
    // The general SigV4 documentation's derived-key example (IAM, 20150830).
    const key = signingKey(
      'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      '20150830',
      'us-east-1',
      'iam',
    );
    expect(key.toString('hex')).toBe(
      'c4afb1cc5771d871763a393e44b703571b55cc28424d1a5e86da6ed3c154a4b9',
    );
    expect(uriEncode('a b/c~d*e+f=é', true)).toBe('a%20b/c~d%2Ae%2Bf%3D%C3%A9');
    expect(uriEncode('a/b')).toBe('a%2Fb');
  });
});
