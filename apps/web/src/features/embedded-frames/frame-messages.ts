import { useEffect, useRef } from 'react';

export type FrameMessageHandler = (event: MessageEvent) => void;

export interface FrameMessageOptions {
  /** The window listened to and the document whose frames count; this page's unless given. */
  window?: Window;
  document?: Document;
}

/** The origin of a frame's `src`, or null for a frame without a real one (about:blank, srcdoc, data:). */
function frameOrigin(frame: HTMLIFrameElement, document: Document): string | null {
  const src = frame.getAttribute('src');
  if (!src) return null;
  try {
    const url = new URL(src, document.baseURI);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Whether a window message comes from one of the page's embedded frames: its origin is the origin
 * of a current `<iframe>`'s src, and its source is that same frame's window. Anything else (another
 * tab, an opener, a frame that navigated elsewhere, a script posting to us) is not.
 */
export function isFrameMessage(event: MessageEvent, document: Document = window.document): boolean {
  if (!event.source) return false;
  for (const frame of document.querySelectorAll('iframe')) {
    if (frame.contentWindow !== event.source) continue;
    return frameOrigin(frame, document) === event.origin;
  }
  return false;
}

/**
 * Listens to window messages, passing on only those of the page's embedded frames (isFrameMessage).
 * Returns the function that stops listening.
 */
export function listenToFrameMessages(handler: FrameMessageHandler, options: FrameMessageOptions = {}): () => void {
  const target = options.window ?? window;
  const document = options.document ?? target.document;
  const listener = (event: MessageEvent) => {
    if (isFrameMessage(event, document)) handler(event);
  };
  target.addEventListener('message', listener);
  return () => target.removeEventListener('message', listener);
}

/** listenToFrameMessages while the component is mounted; the latest handler is called. */
export function useFrameMessages(handler: FrameMessageHandler): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => listenToFrameMessages((event) => latest.current(event)), []);
}
