import { useCallback, useEffect, useRef, useState } from 'react';
import { STORAGE_KEYS } from '@/config/constants';
import {
  draftHasInput,
  travelerDraftFrom,
  type TravelerDraft,
} from '@/features/checkin/traveler-draft';
import type { TravelerFormValues } from '@/features/traveler/form-model';
import { session } from '@/lib/storage';

/** How long the typing pauses before the draft is written (at once when the tab is hidden). */
export const DRAFT_DELAY_MS = 500;

/**
 * How long a draft is kept: long enough for a reload or a trip to the camera app, short enough
 * that a tab the browser restores the next day (closed tabs and sessions can be reopened, with
 * their sessionStorage) does not show one pilgrim's data to the next person.
 */
export const DRAFT_MAX_AGE_MS = 2 * 60 * 60 * 1000;

/** The draft kept for this link in this tab, if it holds anything typed and is recent. */
function readDraft(token: string): TravelerDraft | null {
  if (!token) return null;
  try {
    const value = JSON.parse(session.get(STORAGE_KEYS.checkinDraft) ?? 'null') as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { token: stored, values, savedAt } = value as Record<string, unknown>;
    if (stored !== token) return null;
    const age = Date.now() - (typeof savedAt === 'number' ? savedAt : 0);
    if (age < 0 || age > DRAFT_MAX_AGE_MS) {
      session.remove(STORAGE_KEYS.checkinDraft);
      return null;
    }
    const draft = travelerDraftFrom(values);
    return draftHasInput(draft) ? draft : null;
  } catch {
    return null;
  }
}

function writeDraft(token: string, values: TravelerFormValues | TravelerDraft) {
  const draft = travelerDraftFrom(values);
  if (draftHasInput(draft)) {
    session.set(
      STORAGE_KEYS.checkinDraft,
      JSON.stringify({ token, values: draft, savedAt: Date.now() }),
    );
  } else {
    session.remove(STORAGE_KEYS.checkinDraft);
  }
}

/**
 * What a traveler types on a check-in link, kept in the tab's sessionStorage, so that a reload
 * (a phone that drops the tab while the camera app is open, a switch to another app to look up
 * the passport number) opens the form as it was. Text fields only (travelerDraftFrom): the
 * document's photos and the signature are taken again. The public page only: nothing of a
 * traveler is kept on the desk's shared devices.
 *
 * `restored`: the draft the page opened with (null once `clear`ed). `save`: the form's values,
 * written once the typing pauses, or at once when the tab is hidden or left. `clear`: after the
 * registration is sent, and for "register another person". `start`: for the next person of a
 * group, whose form starts with what they share with the one before (see travel-companion.ts):
 * their draft starts from it, at once, so that a reload keeps it and never the one before's.
 * `keep`: a draft written at once, the state unchanged (what the server-rendered form carried).
 */
export function useCheckinDraft(token: string) {
  const [state, setState] = useState(() => ({ token, restored: readDraft(token) }));
  // Another link in the same tab: the draft kept for that one, if any.
  const restored = state.token === token ? state.restored : readDraft(token);
  const pending = useRef<{ token: string; values: TravelerFormValues } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const next = pending.current;
    pending.current = null;
    if (next) writeDraft(next.token, next.values);
  }, []);

  const save = useCallback(
    (values: TravelerFormValues) => {
      if (!token) return;
      pending.current = { token, values };
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, DRAFT_DELAY_MS);
    },
    [token, flush],
  );

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    pending.current = null;
    session.remove(STORAGE_KEYS.checkinDraft);
    setState({ token, restored: null });
  }, [token]);

  const start = useCallback(
    (values: TravelerDraft) => {
      clear();
      if (token) writeDraft(token, values);
    },
    [token, clear],
  );

  /** Writes a draft at once, as it is: what the server-rendered form carried over (decision 079). */
  const keep = useCallback(
    (values: TravelerDraft) => {
      if (token) writeDraft(token, values);
    },
    [token],
  );

  // A browser may end a hidden tab without another word: what is pending is written when the
  // tab is hidden (another app, the camera) or left, and when the page closes.
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  return { restored, save, clear, start, keep };
}
