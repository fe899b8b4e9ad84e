/**
 * The tool page's saved state as types only: the store (family-stores.ts), the link helpers
 * (input-links.ts) and the renewal (refresh-links.ts) all use them, so they live apart from all
 * three and none of those imports another just for a type (no import circle).
 */

/** An uploaded image as the page keeps it: the file id the API takes and urls to show. */
export interface InputImage {
  fileId: string;
  url: string;
  thumbUrl: string | null;
  width: number;
  height: number;
}

export type Inputs = Record<string, InputImage[]>;
export type FreshLink = Pick<InputImage, 'url' | 'thumbUrl'>;

export interface ToolState {
  inputs: Record<string, InputImage[]>;
  params: Record<string, unknown>;
  /** The run being watched (survives a reload, so a running task is found again). */
  taskId?: string;
}

export interface FamilyState {
  tools: Record<string, ToolState>;
  /**
   * Inputs restored with expired links, out of sight until fresh links come (input-links.ts
   * says why). Saved with the rest, so nothing is lost if the refresh has to wait (signed out).
   */
  held: Record<string, Inputs>;
  setInput: (toolId: string, name: string, images: InputImage[]) => void;
  setParam: (toolId: string, name: string, value: unknown) => void;
  resetParams: (toolId: string) => void;
  setTask: (toolId: string, taskId: string | undefined) => void;
  /** Sets aside the inputs of tools whose links have expired (a page left open for hours). */
  holdStale: (now: number) => void;
  /** Puts fresh links in place, drops inputs whose files are gone and shows held inputs again. */
  applyLinks: (fresh: ReadonlyMap<string, FreshLink>, asked: ReadonlySet<string>) => void;
}
