import fs from 'node:fs';
import path from 'node:path';
import {
  AVAILABILITY_DATA_ID,
  noticePlaceholders,
  runnableAlternatives,
  SAVED_WORK_COOKIE,
  TOOL_SHELL_PARTS_FILE,
  type ToolAvailability,
  type ToolShellParts,
} from '@huijing/contracts';

export type AvailabilitySource = () => Promise<readonly ToolAvailability[]>;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** JSON inside a `<script>`: no `<` may appear raw (a `</script>` in an admin's text would end it). */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const readParts = (webDist: string): ToolShellParts | undefined => {
  try {
    const parts = JSON.parse(
      fs.readFileSync(path.join(webDist, 'pages', TOOL_SHELL_PARTS_FILE), 'utf8'),
    ) as ToolShellParts;
    const ok =
      Array.isArray(parts.templates) &&
      parts.templates.length === 3 &&
      parts.templates.every((t) => typeof t === 'string') &&
      typeof parts.before === 'string' &&
      parts.before.length > 0 &&
      typeof parts.stage === 'string' &&
      parts.stage.length > 0 &&
      typeof parts.steps === 'object' &&
      parts.steps !== null &&
      Array.isArray(parts.tools);
    return ok ? parts : undefined;
  } catch {
    return undefined;
  }
};

/** The tools a `Cookie` header's hj_work names (the browser keeps work of them). */
export const toolsWithWork = (cookieHeader: string | undefined): Set<string> => {
  const found = new Set<string>();
  for (const pair of (cookieHeader ?? '').split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name !== SAVED_WORK_COOKIE || !value) continue;
    for (const id of value.split('.')) if (/^[\w-]{1,64}$/.test(id)) found.add(id);
  }
  return found;
};

/**
 * A tool page's shell with what the server knows and the build cannot: which tools run now,
 * and whether this browser keeps work of the page's tool (its `hj_work` cookie): if not, the
 * empty stage's steps are in the markup (the frame draws the same at the app's take-over), so
 * they paint with the page; if it does, the stage stays empty for the designer's own work.
 * The availability list (GET /api/ai/tools's data) rides in a JSON script the app reads before
 * its first render (main.tsx), and when the page's own tool cannot run, the frame's notice (the
 * build's template, alternatives filled in as the web's `UnavailableNotice` picks them) is in
 * the markup, so it paints with the page, not seconds later when the app has started. Returns
 * undefined when the build wrote no notice parts (the caller sends the file as it is).
 */
export const createToolShells = (webDist: string, availability: AvailabilitySource) => {
  const parts = readParts(webDist);
  const files = new Map<string, string>();
  const shellText = (file: string) => {
    let text = files.get(file);
    if (text === undefined) {
      text = fs.readFileSync(path.join(webDist, file), 'utf8');
      files.set(file, text);
    }
    return text;
  };

  const noticeFor = (toolId: string, list: readonly ToolAvailability[]) => {
    if (!parts) return '';
    const known = new Map(list.map((a) => [a.id, a.available]));
    const tool = parts.tools.find((t) => t.id === toolId);
    if (!tool || known.get(toolId) !== false) return '';
    const others = runnableAlternatives(tool, parts.tools, (id) => known.get(id));
    let html = parts.templates[others.length] ?? parts.templates[0]!;
    others.forEach((other, i) => {
      const at = noticePlaceholders(i);
      html = html
        .replace(at.href, () => escapeHtml(other.href))
        .replace(at.id, () => escapeHtml(other.id))
        .replace(at.name, () => escapeHtml(other.name));
    });
    return html;
  };

  return {
    /** The shell `file` (a tool page's, carrying `toolId`'s frame) as this moment's HTML. */
    async render(file: string, toolId: string, cookieHeader?: string): Promise<string | undefined> {
      if (!parts) return undefined;
      let shell = shellText(file);
      const steps = parts.steps[toolId];
      if (steps && !toolsWithWork(cookieHeader).has(toolId)) {
        const open = parts.stage.slice(0, parts.stage.lastIndexOf('</div>'));
        shell = shell.replace(parts.stage, () => `${open}${steps}</div>`);
      }
      const list = await availability();
      const notice = noticeFor(toolId, list);
      const at = shell.indexOf(parts.before);
      const withNotice = notice && at >= 0 ? shell.slice(0, at) + notice + shell.slice(at) : shell;
      const data = `<script type="application/json" id="${AVAILABILITY_DATA_ID}">${scriptJson(list)}</script>`;
      const end = withNotice.lastIndexOf('</body>');
      return end >= 0 ? withNotice.slice(0, end) + data + withNotice.slice(end) : withNotice + data;
    },
  };
};

export type ToolShells = ReturnType<typeof createToolShells>;
