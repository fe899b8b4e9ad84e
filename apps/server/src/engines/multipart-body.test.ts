import { describe, expect, it } from 'vitest';
import { multipartBody } from './multipart-body';

describe('multipartBody', () => {
  it('encodes fields and files as one multipart body that parses back the same', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 255]);
    const form = new FormData();
    form.append('type', 'input');
    form.append('prompt', '把沙发换成深棕色皮质');
    form.append('image', new Blob([png], { type: 'image/png' }), '客厅.png');
    const { body, contentType } = await multipartBody(form);
    expect(body).toBeInstanceOf(Uint8Array);
    expect(contentType).toMatch(/^multipart\/form-data; boundary=.+/);
    const parsed = await new Response(body, {
      headers: { 'content-type': contentType },
    }).formData();
    expect(parsed.get('type')).toBe('input');
    expect(parsed.get('prompt')).toBe('把沙发换成深棕色皮质');
    const file = parsed.get('image') as File;
    expect(file.name).toBe('客厅.png');
    expect(file.type).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);
  });
});
