/**
 * What a person typed or chose in a page's server-rendered form before the app's code came
 * (decision 079), read from the static markup just before the app renders over it, and handed to
 * the page's live form, so that nothing is lost in the switch. Only what differs from the markup's
 * own values counts (a field left as the server rendered it says nothing), by the fields' names.
 */
export interface StaticFormInput {
  /** Each changed field's value by its name (`contactInfo.email`); a ticked box is 'on' or its value. */
  values: Record<string, string>;
  /** The field that had the focus, and its caret, to give back. */
  focus: { name: string; start: number | null; end: number | null } | null;
}

let captured: StaticFormInput | null = null;

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function changedValue(field: Field): string | null {
  if (field instanceof HTMLSelectElement) {
    // The markup's choice: the option marked selected, else the first (as the browser shows it).
    const options = [...field.options];
    const initial = options.find((option) => option.defaultSelected) ?? options[0];
    return field.value === (initial?.value ?? '') ? null : field.value;
  }
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    if (field.checked === field.defaultChecked) return null;
    return field.checked ? field.value : '';
  }
  if (field instanceof HTMLInputElement && field.type === 'file') return null;
  return field.value === field.defaultValue ? null : field.value;
}

/** Reads the first form in `container` (the static page's); kept until `takeStaticFormInput`. */
export function captureStaticForm(container: HTMLElement): StaticFormInput | null {
  const form = container.querySelector('form');
  if (!form) return null;
  const values: Record<string, string> = {};
  for (const element of form.elements) {
    if (
      !(element instanceof HTMLInputElement) &&
      !(element instanceof HTMLSelectElement) &&
      !(element instanceof HTMLTextAreaElement)
    )
      continue;
    if (!element.name || element.disabled) continue;
    const value = changedValue(element);
    if (value !== null) values[element.name] = value;
  }
  const active = document.activeElement;
  const focus =
    active && form.contains(active) && 'name' in active && typeof active.name === 'string'
      ? {
          name: active.name,
          start: active instanceof HTMLInputElement ? safeSelection(active, 'start') : null,
          end: active instanceof HTMLInputElement ? safeSelection(active, 'end') : null,
        }
      : null;
  captured = { values, focus: focus?.name ? focus : null };
  return captured;
}

/** An input's caret (null for the types that have none: date, email, checkbox). */
function safeSelection(input: HTMLInputElement, end: 'start' | 'end'): number | null {
  try {
    return end === 'start' ? input.selectionStart : input.selectionEnd;
  } catch {
    return null;
  }
}

/** What was captured, once: the page that takes it starts its form with it. */
export function takeStaticFormInput(): StaticFormInput | null {
  const input = captured;
  captured = null;
  return input;
}

/** The live form's field of that name gets the focus back, with its caret. */
export function restoreStaticFocus(root: ParentNode, focus: StaticFormInput['focus']): void {
  if (!focus) return;
  const field = root.querySelector<HTMLElement>(`[name="${CSS.escape(focus.name)}"]`);
  if (!field) return;
  field.focus({ preventScroll: true });
  if (field instanceof HTMLInputElement && focus.start !== null && focus.end !== null) {
    try {
      field.setSelectionRange(focus.start, focus.end);
    } catch {
      /* a type without a caret */
    }
  }
}

/** `{ 'contactInfo.email': 'a@b' }` as `{ contactInfo: { email: 'a@b' } }`. */
export function nestFieldValues(values: Record<string, string>): Record<string, unknown> {
  const nested: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const parts = name.split('.');
    let node = nested;
    for (const part of parts.slice(0, -1)) {
      if (part === '__proto__' || part === 'constructor' || part === 'prototype') break;
      const next = node[part];
      node = (typeof next === 'object' && next !== null ? next : (node[part] = {})) as Record<
        string,
        unknown
      >;
    }
    const last = parts[parts.length - 1]!;
    if (last !== '__proto__' && last !== 'constructor' && last !== 'prototype') node[last] = value;
  }
  return nested;
}
