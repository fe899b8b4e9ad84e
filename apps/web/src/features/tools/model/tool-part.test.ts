// The web's `@huijing/tools` (build/light-checks.ts) brings each tool's widgets and parameters in
// a chunk of its own. The test setup loads them all; each test here starts from a fresh copy of
// the module, as a page does, to see what a tool is before and after its part comes.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { allTools as realTools } from '../../../../../../packages/tools/src/registry';

const fresh = () => import('@huijing/tools');
/** How React's `use` reads a promise: 'fulfilled' once marked settled (lib/kept-load.ts). */
const statusOf = (promise: Promise<void>) => (promise as { status?: string }).status;

describe('the registry per tool (build/light-checks.ts)', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('names every tool and its parameters before any part is loaded', async () => {
    const tools = await fresh();
    expect(tools.allTools.map((t) => t.id)).toEqual(realTools.map((t) => t.id));
    for (const real of realTools) {
      const tool = tools.getTool(real.id)!;
      expect(Object.keys(tool.params.shape), real.id).toEqual(Object.keys(real.params.shape));
      expect(tool.inputs).toEqual(real.inputs);
      expect(() => tool.widgets).toThrow(/not loaded \(loadToolPart\)/);
      expect(() => tool.params.parse({})).toThrow(/not loaded/);
    }
  });

  it("loads one tool's widgets and checks, once, and leaves the others out", async () => {
    const tools = await fresh();
    const real = realTools.find((t) => t.id === 'indoor')!;
    const first = tools.loadToolPart('indoor');
    expect(first).toBeInstanceOf(Promise);
    expect(tools.loadToolPart('indoor')).toBe(first);
    expect(statusOf(first)).toBeUndefined();
    await first;
    // The same promise, marked: React's `use` returns at once on it.
    expect(tools.loadToolPart('indoor')).toBe(first);
    expect(statusOf(first)).toBe('fulfilled');
    const tool = tools.getTool('indoor')!;
    expect(tool.widgets).toEqual(real.widgets);
    expect(tool.params.parse({})).toEqual(real.params.parse({}));
    expect(tool.params.safeParse({ promptTxt: 1 }).success).toBe(false);
    expect(() => tools.getTool('upscale')!.widgets).toThrow(/upscale/);
  });

  it('answers a settled promise for a tool it does not know', async () => {
    const tools = await fresh();
    const none = tools.loadToolPart('no-such-tool');
    expect(statusOf(none)).toBe('fulfilled');
    await expect(none).resolves.toBeUndefined();
  });

  it('lets a component that ran other hooks first wait for its tool, then carry on', async () => {
    // React replays a component that suspended in `use`; the hooks before it are kept, the ones
    // after it are new: the phone's form (useMobileRun) waits in the middle of its hooks.
    const { act, render, screen } = await import('@testing-library/react');
    const { createElement, startTransition, Suspense, useState } = await import('react');
    const { useToolPart } = await import('./use-tool-part');
    const tools = await import('@huijing/tools');
    const real = realTools.find((t) => t.id === 'upscale')!;
    const Form = () => {
      const [before] = useState('widgets');
      useToolPart('upscale');
      const [after] = useState(':');
      return createElement(
        'p',
        null,
        before + after + Object.keys(tools.getTool('upscale')!.widgets).join(','),
      );
    };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Not in yet: the form waits for it.
    expect(statusOf(tools.loadToolPart('upscale'))).toBeUndefined();
    const tree = createElement(
      Suspense,
      { fallback: createElement('p', null, 'waiting') },
      createElement(Form),
    );
    let view: ReturnType<typeof render> | undefined;
    // In a transition, as a route's change is: React waits for the part and replays the form.
    await act(async () => {
      startTransition(() => {
        view = render(tree);
      });
    });
    expect(screen.getByText(`widgets:${Object.keys(real.widgets).join(',')}`)).toBeTruthy();
    // Loaded now: a second form renders at once.
    await act(async () => view!.rerender(createElement(Form)));
    expect(screen.getByText(`widgets:${Object.keys(real.widgets).join(',')}`)).toBeTruthy();
    view!.unmount();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
