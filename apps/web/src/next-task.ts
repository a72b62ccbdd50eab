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
