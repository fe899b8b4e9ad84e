import sharp from 'sharp';
import { userApi, type RunningServer } from './server';

/** A room sketch (PNG) uploaded as the user's own picture; answers its file id. */
export async function uploadRoom(server: RunningServer, token: string, hue = 30): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600">
    <rect width="100%" height="100%" fill="hsl(${hue},30%,90%)"/>
    <polygon points="0,600 220,390 680,390 900,600" fill="#b08d68"/>
    <rect x="320" y="110" width="260" height="180" fill="#9cc3e6" stroke="#4b5563" stroke-width="10"/>
  </svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'room.png');
  const api = userApi(server, token);
  return (await api<{ fileId: string }>('/api/upload', { method: 'POST', body: form })).fileId;
}

/** 转线稿 on an uploaded picture, waited for; answers the succeeded task's id. */
export async function runToLine(
  server: RunningServer,
  token: string,
  fileId: string,
): Promise<string> {
  const api = userApi(server, token);
  const { taskId } = await api<{ taskId: string }>('/api/ai/startTask', {
    method: 'POST',
    body: JSON.stringify({ toolId: 'to-line', upload_img: fileId }),
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const info = await api<{ status: string }>(`/api/ai/getTaskByTaskId?taskId=${taskId}`);
    if (info.status === 'succeeded') return taskId;
    if (info.status === 'failed' || Date.now() > deadline) throw new Error(info.status);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A picture published to the gallery through the real endpoints; answers its id and state. */
export async function publishPicture(
  server: RunningServer,
  token: string,
  picture: { title: string; tags?: string[]; hue?: number; project?: string },
): Promise<{ id: string; status: string }> {
  const taskId = await runToLine(server, token, await uploadRoom(server, token, picture.hue));
  return userApi(server, token)<{ id: string; status: string }>('/api/image/publish', {
    method: 'POST',
    body: JSON.stringify({
      taskId,
      title: picture.title,
      tags: picture.tags ?? [],
      project: picture.project,
    }),
  });
}
