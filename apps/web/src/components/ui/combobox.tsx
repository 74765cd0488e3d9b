import { useId, useMemo, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { normaliseSearchText } from '@hospes/shared/search';
import { translateMessage } from '@/lib/messages';
import { cn } from './cn';
import { FieldNote } from './fields';

export interface ComboboxOption {
  value: string;
  label: string;
  /** Other words that find this option (a country's ISO codes and other names, for example). */
  keywords?: readonly string[];
  /**
   * A short code that finds this option when typed in full (a country's ISO alpha-2), as well as
   * a label that starts with the same letters does (see matchRank), not better.
   */
  code?: string;
  /** Among options that match equally well, a higher priority comes first (default 0). */
  priority?: number;
}

/** An option's label and keywords, normalised for searching once (options are long-lived). */
interface Searchable {
  label: string;
  labelWords: string[];
  /** The keywords and each of their words. */
  keywordWords: string[];
  /** The label and the keywords without spaces or punctuation: "EE. UU." is "eeuu". */
  exact: Set<string>;
  code: string;
}

const searchables = new WeakMap<ComboboxOption, Searchable>();
const WORD_BREAK = /[\s,()./'’-]+/;
const compact = (normal: string) => normal.replace(/[^\p{L}\p{N}]/gu, '');

function searchable(option: ComboboxOption): Searchable {
  let found = searchables.get(option);
  if (!found) {
    const label = normaliseSearchText(option.label);
    const keywords = (option.keywords ?? []).map(normaliseSearchText);
    found = {
      label,
      labelWords: label.split(WORD_BREAK),
      keywordWords: keywords.flatMap((key) => [key, ...key.split(WORD_BREAK)]),
      exact: new Set([label, ...keywords].map(compact).filter(Boolean)),
      code: compact(normaliseSearchText(option.code ?? '')),
    };
    searchables.set(option, found);
  }
  return found;
}

/**
 * How well an option matches a normalised query, best 0, or -1: its label or a keyword is exactly
 * the text (another name, a longer code: "UK", "EE. UU.", "DEU"), the label starts with it or its
 * short code is it, a word of the label starts with it, a keyword or a word of one does, the label
 * contains it. A short code ranks as a name that starts with the text, not above it: two letters
 * are as often the start of a name as a code, so the priority decides between them ("al" in
 * Spanish is Alemania, which pilgrims come from far more often, before AL, Albania), and where no
 * name starts so, the code's option comes first ("de" in Spanish is Germany).
 */
function matchRank(option: ComboboxOption, q: string): number {
  const s = searchable(option);
  const exact = compact(q);
  if (exact && s.exact.has(exact)) return 0;
  if (s.label.startsWith(q) || (exact && exact === s.code)) return 1;
  if (s.labelWords.some((word) => word.startsWith(q))) return 2;
  if (s.keywordWords.some((word) => word.startsWith(q))) return 3;
  if (s.label.includes(q)) return 4;
  return -1;
}

/** Whether what was typed names this option exactly (its label, a code or another name). */
export function matchesExactly(option: ComboboxOption, query: string): boolean {
  const q = normaliseSearchText(query);
  if (!q) return false;
  const code = searchable(option).code;
  return matchRank(option, q) === 0 || (!!code && compact(q) === code);
}

/**
 * Options that match what was typed, best first (see matchRank); among equal matches, the higher
 * priority first, then the order given.
 */
export function filterOptions<T extends ComboboxOption>(options: readonly T[], query: string): T[] {
  const q = normaliseSearchText(query);
  if (!q) return [...options];
  const ranked: Array<{ option: T; rank: number; index: number }> = [];
  options.forEach((option, index) => {
    const rank = matchRank(option, q);
    if (rank >= 0) ranked.push({ option, rank, index });
  });
  return ranked
    .sort(
      (a, b) =>
        a.rank - b.rank || (b.option.priority ?? 0) - (a.option.priority ?? 0) || a.index - b.index,
    )
    .map((entry) => entry.option);
}

/**
 * A type-ahead select (WAI-ARIA combobox with a listbox popup): type to filter, arrows to move,
 * Enter to pick, Escape to close; the options' ids go in aria-activedescendant so focus stays in
 * the text box. Leaving the box keeps a typed name that matches an option exactly, else goes back
 * to the chosen value.
 */
export function Combobox({
  label,
  value,
  onChange,
  onBlur,
  options,
  error,
  hint,
  note,
  className,
  id,
  name,
  inputRef,
  placeholder,
  required = false,
  autoFocus,
  limit,
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  options: readonly ComboboxOption[];
  error?: string | undefined;
  hint?: ReactNode;
  /** A note that does not block (see FieldChrome.note in fields.tsx). */
  note?: string | undefined;
  className?: string;
  id?: string;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  placeholder?: string;
  required?: boolean;
  autoFocus?: boolean;
  /** At most this many options are listed (a long list, e.g. 8,000 municipalities): type to narrow. */
  limit?: number;
}) {
  const { t } = useTranslation();
  const generated = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const fieldId = id ?? `cb${generated}`;
  const listId = `${fieldId}-listbox`;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const noteId = `${fieldId}-note`;
  const statusId = `${fieldId}-status`;

  const selected = options.find((option) => option.value === value);
  const [editing, setEditing] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const text = editing ?? selected?.label ?? '';
  const results = useMemo(() => {
    const found = filterOptions(options, editing ?? '');
    return limit === undefined ? found : found.slice(0, limit);
  }, [options, editing, limit]);
  const activeOption = open ? results[active] : undefined;

  const optionId = (option: ComboboxOption) => `${fieldId}-opt-${option.value}`;

  const show = (index: number) => {
    setOpen(true);
    setActive(index);
    const option = results[index];
    if (option) {
      // jsdom has no scrollIntoView; browsers do.
      document.getElementById(optionId(option))?.scrollIntoView?.({ block: 'nearest' });
    }
  };

  const choose = (option: ComboboxOption | undefined) => {
    setEditing(null);
    setOpen(false);
    setActive(-1);
    if (option && option.value !== value) onChange(option.value);
  };

  const settle = () => {
    // Leaving the box: an exact name or code is taken, an empty box clears, anything else reverts.
    if (editing !== null) {
      const typed = normaliseSearchText(editing);
      if (!typed) {
        if (value) onChange('');
      } else {
        // The best match, when it is exact ("UK" is the United Kingdom's, not Ukraine's).
        const best = filterOptions(options, typed)[0];
        if (best && matchesExactly(best, typed) && best.value !== value) onChange(best.value);
      }
    }
    setEditing(null);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = results.length;
    switch (event.key) {
      case 'ArrowDown': {
        event.preventDefault();
        if (!open || event.altKey) {
          const current = results.findIndex((option) => option.value === value);
          show(event.altKey ? current : Math.max(0, current));
        } else if (count) show((active + 1) % count);
        break;
      }
      case 'ArrowUp': {
        event.preventDefault();
        if (!open)
          show(
            Math.max(
              0,
              results.findIndex((option) => option.value === value),
            ),
          );
        else if (count) show((active - 1 + count) % count);
        break;
      }
      case 'Home':
      case 'End':
        if (open && count && event.ctrlKey) {
          event.preventDefault();
          show(event.key === 'Home' ? 0 : count - 1);
        }
        break;
      case 'Enter':
        if (open && activeOption) {
          // Picks the option instead of submitting the form.
          event.preventDefault();
          choose(activeOption);
        }
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
          setEditing(null);
        }
        break;
      case 'Tab':
        if (open && activeOption && editing) choose(activeOption);
        break;
      default:
        break;
    }
  };

  const describedBy =
    [hint && hintId, error && errorId, note && noteId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('relative', className)}>
      <label htmlFor={fieldId} className="mb-1 block text-sm font-semibold text-fg">
        {label}
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={fieldId}
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus={autoFocus}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeOption ? optionId(activeOption) : undefined}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy}
          placeholder={placeholder}
          value={text}
          onChange={(event) => {
            setEditing(event.target.value);
            setOpen(true);
            setActive(event.target.value.trim() ? 0 : -1);
          }}
          onClick={() => {
            if (!open)
              show(
                Math.max(
                  0,
                  results.findIndex((option) => option.value === value),
                ),
              );
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            settle();
            onBlur?.();
          }}
          className="block min-h-11 w-full rounded-lg border border-control bg-surface py-2 ps-3 pe-10 text-base text-fg placeholder:text-muted aria-invalid:border-2 aria-invalid:border-danger"
        />
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="pointer-events-none absolute top-1/2 inset-e-3 size-5 -translate-y-1/2 text-muted"
          fill="currentColor"
        >
          <path d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth="1.8" fill="none" />
        </svg>
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={typeof label === 'string' ? label : undefined}
        hidden={!open}
        className="absolute z-30 mt-1 max-h-64 w-full overflow-y-auto rounded-lg border border-control bg-surface py-1 shadow-lg"
      >
        {results.map((option, index) => (
          <li
            key={option.value}
            id={optionId(option)}
            role="option"
            aria-selected={option.value === value}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
            onMouseMove={() => {
              if (active !== index) setActive(index);
            }}
            className={cn(
              'flex cursor-pointer items-center justify-between gap-2 px-3 py-2 text-base text-fg',
              index === active && 'bg-surface-muted outline-2 -outline-offset-2 outline-primary',
            )}
          >
            <span>{option.label}</span>
            {option.value === value && (
              <span aria-hidden="true" className="font-bold text-primary">
                ✓
              </span>
            )}
          </li>
        ))}
        {results.length === 0 && (
          <li role="presentation" className="px-3 py-2 text-sm text-muted">
            {t('combobox.noResults')}
          </li>
        )}
      </ul>
      <span id={statusId} role="status" className="sr-only">
        {open ? t('combobox.results', { count: results.length }) : ''}
      </span>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-danger">
          {translateMessage(t, error)}
        </p>
      )}
      <FieldNote id={noteId} note={note} />
    </div>
  );
}
