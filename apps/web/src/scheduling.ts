/**
 * A task boundary that background tabs do not throttle (their timers wait a second or more). The
 * boot awaits it between its steps, so that none of them is one task long enough to hold up a tap.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(undefined);
  });
}

/**
 * Calls `then` just after the browser's next paint: an animation frame's callback runs just before
 * a paint, and a task queued from it just after. Returns what cancels it.
 */
export function afterNextPaint(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(then);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
