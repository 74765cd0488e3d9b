import { useEffect, useEffectEvent } from 'react';
import { mrzToTraveler, type ParsedMrz, type ScanResult } from '@hospes/shared/mrz';
import { createMrzKeyDetector, mrzFromText } from './mrz-typing';

type TextControl = HTMLInputElement | HTMLTextAreaElement;

const isTextControl = (target: EventTarget | null): target is TextControl =>
  target instanceof HTMLTextAreaElement ||
  (target instanceof HTMLInputElement &&
    ['text', 'search', 'email', 'tel', 'url', ''].includes(target.type));

/** Puts a field's value back as the user would, so that the form's state follows. */
function restore(control: TextControl, value: string) {
  if (control.value === value) return;
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), 'value')?.set;
  setter?.call(control, value);
  control.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * While `enabled`, an MRZ typed anywhere on the page by a USB reader (or pasted) is read as a
 * scan: `onScan` gets the fields as the document scan gives them (the same "please check" and
 * "confirmed" rules, mrzToTraveler), and the characters the reader typed into the focused field
 * are taken out of it again. The Enter keys that end its lines never send the form.
 */
export function useMrzKeyboard(onScan: (result: ScanResult) => void, enabled = true) {
  const found = useEffectEvent((parsed: ParsedMrz) => onScan(mrzToTraveler(parsed)));
  useEffect(() => {
    if (!enabled) return;
    const detector = createMrzKeyDetector();
    // The focused field and its value as the current run of keys began.
    let before: { control: TextControl; value: string } | null = null;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      if (!detector.running(event.timeStamp)) {
        before = isTextControl(event.target)
          ? { control: event.target, value: event.target.value }
          : null;
      }
      const verdict = detector.key(event.key, event.timeStamp);
      if (verdict.swallow) event.preventDefault();
      if (verdict.mrz) {
        if (before) restore(before.control, before.value);
        before = null;
        found(verdict.mrz);
      }
    };
    const onPaste = (event: ClipboardEvent) => {
      const parsed = mrzFromText(event.clipboardData?.getData('text') ?? '');
      if (!parsed) return;
      event.preventDefault();
      found(parsed);
    };
    window.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('paste', onPaste, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('paste', onPaste, true);
    };
  }, [enabled]);
}
