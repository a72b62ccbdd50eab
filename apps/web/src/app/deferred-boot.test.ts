import type { HtmlTagDescriptor, IndexHtmlTransformContext } from 'vite';
import { describe, expect, it, vi } from 'vitest';
import { deferredBootPlugin } from '../../build/deferred-boot';

type Handler = (
  this: { warn: (message: string) => void },
  html: string,
  ctx: Partial<IndexHtmlTransformContext>,
) => HtmlTagDescriptor[];

const handler = (deferredBootPlugin().transformIndexHtml as { handler: Handler }).handler;

const chunk = (fileName: string, moduleIds: string[], imports: string[] = []) => ({
  type: 'chunk' as const,
  fileName,
  moduleIds,
  imports,
});

describe('the deferred boot (build/deferred-boot.ts)', () => {
  it('preloads the boot chunk and what it imports, not the entry nor what Vite preloads for it', () => {
    const entry = chunk('assets/index-1.js', ['/app/index.html', '/app/src/loader.ts'], ['assets/runtime-1.js']);
    const bundle = {
      [entry.fileName]: entry,
      'assets/boot-1.js': chunk(
        'assets/boot-1.js',
        ['/app/src/app/App.tsx', '/app/src/main.tsx'],
        ['assets/react-1.js', 'assets/runtime-1.js', 'assets/index-1.js'],
      ),
      'assets/react-1.js': chunk(
        'assets/react-1.js',
        ['/app/node_modules/react-dom/client.js'],
        ['assets/runtime-1.js'],
      ),
      'assets/runtime-1.js': chunk('assets/runtime-1.js', ['\0rolldown/runtime.js']),
      'assets/Login-1.js': chunk('assets/Login-1.js', ['/app/src/pages/login/LoginPage.tsx'], ['assets/boot-1.js']),
      'assets/index-1.css': { type: 'asset' as const, fileName: 'assets/index-1.css' },
    };
    const tags = handler.call({ warn: vi.fn() }, '', { bundle: bundle as never, chunk: entry as never });
    expect(tags.map((tag) => [tag.tag, tag.attrs?.rel, tag.attrs?.href, tag.injectTo])).toEqual([
      ['link', 'modulepreload', '/assets/boot-1.js', 'head'],
      ['link', 'modulepreload', '/assets/react-1.js', 'head'],
    ]);
  });

  it('says so when the boot module is missing, and adds nothing', () => {
    const warn = vi.fn();
    const entry = chunk('assets/index-1.js', ['/app/src/loader.ts']);
    expect(handler.call({ warn }, '', { bundle: { [entry.fileName]: entry } as never, chunk: entry as never })).toEqual(
      [],
    );
    expect(warn).toHaveBeenCalledWith('deferred boot: no chunk for src/main.tsx');
  });
});
