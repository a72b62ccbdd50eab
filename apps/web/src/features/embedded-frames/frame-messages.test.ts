import { afterEach, describe, expect, it, vi } from 'vitest';
import { isFrameMessage, listenToFrameMessages } from './frame-messages';

function addFrame(src: string | null): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  if (src !== null) frame.setAttribute('src', src);
  document.body.append(frame);
  return frame;
}

function post(data: unknown, origin: string, source: MessageEventSource | null) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('window messages from embedded frames', () => {
  it("passes on a message whose origin and source are one embedded frame's", () => {
    const frame = addFrame('https://studio.example/embed?x=1');
    const handler = vi.fn();
    const stop = listenToFrameMessages(handler);
    post({ type: 'saved' }, 'https://studio.example', frame.contentWindow);
    expect(handler).toHaveBeenCalledTimes(1);
    expect((handler.mock.calls[0]?.[0] as MessageEvent).data).toEqual({ type: 'saved' });
    stop();
  });

  it('ignores a message from an origin no frame has', () => {
    const frame = addFrame('https://studio.example/embed');
    const handler = vi.fn();
    const stop = listenToFrameMessages(handler);
    post('hi', 'https://evil.example', frame.contentWindow);
    expect(handler).not.toHaveBeenCalled();
    stop();
  });

  it("ignores a message with a frame's origin from another window", () => {
    addFrame('https://studio.example/embed');
    const other = addFrame('https://other.example/embed');
    const handler = vi.fn();
    const stop = listenToFrameMessages(handler);
    // The right origin, the wrong source: another frame (or window) posting as if it were the studio.
    post('hi', 'https://studio.example', other.contentWindow);
    post('hi', 'https://studio.example', window);
    post('hi', 'https://studio.example', null);
    expect(handler).not.toHaveBeenCalled();
    stop();
  });

  it('resolves relative frame sources against the page, and ignores frames without a real source', () => {
    const own = addFrame('/embedded/preview');
    const blank = addFrame(null);
    const handler = vi.fn();
    const stop = listenToFrameMessages(handler);
    post('own', window.location.origin, own.contentWindow);
    post('blank', 'null', blank.contentWindow);
    expect(handler.mock.calls.map(([e]) => (e as MessageEvent).data)).toEqual(['own']);
    stop();
  });

  it('checks the frames present when the message arrives', () => {
    const handler = vi.fn();
    const stop = listenToFrameMessages(handler);
    const frame = addFrame('https://studio.example/embed');
    const source = frame.contentWindow;
    post('while there', 'https://studio.example', source);
    frame.remove();
    post('after removal', 'https://studio.example', source);
    expect(handler.mock.calls.map(([e]) => (e as MessageEvent).data)).toEqual(['while there']);
    stop();
  });

  it('stops listening when asked', () => {
    const frame = addFrame('https://studio.example/embed');
    const handler = vi.fn();
    listenToFrameMessages(handler)();
    post('late', 'https://studio.example', frame.contentWindow);
    expect(handler).not.toHaveBeenCalled();
  });

  it('isFrameMessage tells the same without listening', () => {
    const frame = addFrame('https://studio.example/embed');
    const event = new MessageEvent('message', { origin: 'https://studio.example', source: frame.contentWindow });
    expect(isFrameMessage(event)).toBe(true);
    expect(isFrameMessage(new MessageEvent('message', { origin: 'https://studio.example' }))).toBe(false);
  });
});
