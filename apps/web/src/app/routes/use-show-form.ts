import { useEffect, useRef, type RefObject } from 'react';

/**
 * Back to the form from another entry mode by a button of that mode (a scan's result, "enter the
 * details by hand"): the button goes away, so the focus moves to the form's first field. The
 * mode switcher keeps its own focus.
 */
export function useShowForm(
  shown: boolean,
  formRef: RefObject<HTMLElement | null>,
  show: () => void,
) {
  const focusNext = useRef(false);
  useEffect(() => {
    if (!shown || !focusNext.current) return;
    focusNext.current = false;
    // The first one shown: a section closed once complete (decision 072) offers its "Edit".
    const form = formRef.current;
    [...(form?.querySelectorAll<HTMLElement>('input, select, textarea, button') ?? [])]
      .find((element) => !element.parentElement?.closest('[hidden]'))
      ?.focus();
  }, [shown, formRef]);
  return {
    showForm() {
      focusNext.current = true;
      show();
    },
  };
}
