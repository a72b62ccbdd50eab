import type { User } from '@wharf/contract';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/Icon';
import { PUSH_PROMPT_TEXT } from './constants';
import {
  canSubscribeToPush,
  isPushSupported,
  readPromptedAt,
  shouldShowPushPrompt,
  snoozePushPrompt,
} from './prompt-rules';
import { hasPushSubscription } from './subscribe';
import { useSubscribeToPush } from './use-subscribe-to-push';

/** Whether this browser should be asked, looked up once: support, the permission, a subscription, a snooze. */
async function promptWanted(): Promise<boolean> {
  if (!isPushSupported(window)) return false;
  const facts = {
    supported: true,
    permission: Notification.permission,
    promptedAt: readPromptedAt(window.localStorage),
    now: new Date(),
  };
  // Cheap checks first: the subscription lookup touches the service worker registry.
  if (!shouldShowPushPrompt({ ...facts, subscribed: false })) return false;
  return !(await hasPushSubscription(navigator.serviceWorker));
}

/**
 * SPEC.md section 2 "Push prompt": a card asking the person to turn device notifications on, with
 * Enable and Snooze (30 days). Only 'alpha' users get it (section 6), and only where it can work.
 */
export function PushPrompt({ user }: { user: Pick<User, 'features'> }) {
  const allowed = canSubscribeToPush(user);
  const [wanted, setWanted] = useState(false);
  const subscribe = useSubscribeToPush();
  const textId = useId();

  useEffect(() => {
    if (!allowed) return;
    let current = true;
    void promptWanted().then((answer) => {
      if (current) setWanted(answer);
    });
    return () => {
      current = false;
    };
  }, [allowed]);

  if (!allowed || !wanted) return null;

  function onEnable() {
    subscribe.mutate(undefined, {
      // A failure leaves the card for another try; an answer from the person (yes or no) ends it.
      onSuccess: (result) => result !== 'failed' && setWanted(false),
    });
  }

  function onSnooze() {
    snoozePushPrompt(window.localStorage, new Date());
    setWanted(false);
  }

  return (
    <section
      aria-labelledby={textId}
      className="fixed inset-x-3 bottom-[calc(3rem+env(safe-area-inset-bottom)+0.75rem)] z-footer mx-auto max-w-md rounded-xl border border-border bg-surface p-4 text-text shadow-lg sm:inset-x-auto sm:right-4 lg:bottom-4 print:hidden"
    >
      <div className="flex items-start gap-3">
        <span className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
          <Icon name="bell" size={18} />
        </span>
        <p id={textId} className="text-sm/6">
          {PUSH_PROMPT_TEXT}
        </p>
      </div>
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="ghost" size="small" onClick={onSnooze} disabled={subscribe.isPending}>
          Snooze
        </Button>
        <Button
          size="small"
          onClick={onEnable}
          disabled={subscribe.isPending}
          aria-busy={subscribe.isPending || undefined}
        >
          Enable
        </Button>
      </div>
    </section>
  );
}
