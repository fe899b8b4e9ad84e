/**
 * A FormData as the bytes of its multipart body, and the content type that names its boundary.
 *
 * Uploads to engines are sent this way rather than as a FormData body. fetch streams a FormData
 * from an async generator that goes on enqueueing after the request's body stream has been
 * canceled; on Node 24 (undici 7) an abort that lands while a file part is still streaming makes
 * it enqueue into the closed stream, and the ERR_INVALID_STATE it throws is an unhandled rejection
 * nobody can catch (seen in CI when a training was canceled during its dataset upload), which the
 * process policy turns into a restart. A body of bytes is enqueued whole when the request is
 * made, so canceling a run can only stop its upload.
 */
export const multipartBody = async (
  form: FormData,
): Promise<{ body: Uint8Array; contentType: string }> => {
  const encoded = new Response(form);
  const contentType = encoded.headers.get('content-type');
  if (!contentType) throw new Error('FormData encoded without a content type');
  return { body: new Uint8Array(await encoded.arrayBuffer()), contentType };
};
