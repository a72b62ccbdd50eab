import { AnnouncementQueue } from './AnnouncementQueue';
import { NudgeQueue } from './Nudge';
import { ShoveStack } from './Shove';

/** The three notification queues, on the notification layer (z 151) above every other layer. */
export function ToastHost() {
  return (
    <>
      <AnnouncementQueue />
      <NudgeQueue />
      <ShoveStack />
    </>
  );
}
