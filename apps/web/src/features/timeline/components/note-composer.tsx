import { NOTE_BODY_MAX_LENGTH, noteCreateSchema } from '@funil/shared';
import { useQuery } from '@tanstack/react-query';
import {
  type KeyboardEvent,
  type SyntheticEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { usersQueryOptions } from '@/api/users';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage, HttpError } from '@/lib/http';
import { cn } from '@/lib/utils';
import {
  findMentionQuery,
  insertMention,
  keptMentionIds,
  matchUsers,
  type MentionedUser,
  type MentionQuery,
} from '../utils/mentions';

/** What a note is saved with: its text and the ids of the people it mentions. */
export type NoteDraft = { body: string; mentions: string[] };

/** From this many characters on, the box says how many are left. */
const COUNTER_FROM = NOTE_BODY_MAX_LENGTH - 1000;

type NoteComposerProps = {
  /** The box's accessible name. */
  label: string;
  submitLabel: string;
  initialBody?: string;
  /** The people the note already mentions (editing): kept while their "@Name" stays. */
  initialMentions?: readonly MentionedUser[];
  /** Saves; a rejection is shown in the form and the text stays. */
  onSave: (draft: NoteDraft) => Promise<unknown>;
  /** Editing: the Cancel button gives up the changes. */
  onCancel?: () => void;
  /** A new note's box empties once saved; an edited one is closed by its owner instead. */
  clearOnSave?: boolean;
  autoFocus?: boolean;
};

/** The active users, by name: the people a note may mention. */
function useMentionableUsers() {
  return useQuery({
    ...usersQueryOptions(),
    select: (list) =>
      list.data
        .filter((user) => user.isActive)
        .map((user) => ({ id: user.id, name: user.name, email: user.email }))
        .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')),
  });
}

/** The text to show for a failed save: each validation issue the API named, else its message. */
function saveErrorText(error: unknown, fallback: string): string {
  if (error instanceof HttpError && error.issues.length > 0) {
    return [...new Set(error.issues.map((issue) => issue.message))].join(' ');
  }
  return getErrorMessage(error, fallback);
}

/**
 * A note's text box. Ctrl+Enter (Cmd+Enter) saves; typing "@" and a letter or more lists the
 * active users whose name starts so (arrows move, Enter or Tab picks, Esc closes), and a pick
 * writes "@Full Name " and records that person; a person whose "@Name" is deleted from the text is
 * not sent. The box is a textbox that controls the list (`aria-autocomplete`, `aria-controls`,
 * `aria-activedescendant`), the role a textarea may have; the list is a listbox of options.
 */
export function NoteComposer({
  label,
  submitLabel,
  initialBody = '',
  initialMentions = [],
  onSave,
  onCancel,
  clearOnSave = false,
  autoFocus = false,
}: NoteComposerProps) {
  const { t } = useTranslation('timeline');
  const [text, setText] = useState(initialBody);
  const [picked, setPicked] = useState<readonly MentionedUser[]>(initialMentions);
  const [mention, setMention] = useState<MentionQuery | null>(null);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const users = useMentionableUsers();
  const ids = {
    listbox: useId(),
    hint: useId(),
    counter: useId(),
    error: useId(),
  };

  const suggestions = useMemo(
    () => (mention && users.data ? matchUsers(users.data, mention.query) : []),
    [mention, users.data],
  );
  const isOpen = suggestions.length > 0 && mention !== null && mention.start !== dismissedAt;
  const activeIndex = Math.min(active, Math.max(0, suggestions.length - 1));
  const optionId = (index: number) => `${ids.listbox}-option-${index}`;

  // The caret goes after an inserted mention once the new text is in the box.
  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    if (caret === null || !boxRef.current) return;
    pendingCaret.current = null;
    boxRef.current.setSelectionRange(caret, caret);
  }, [text]);

  useEffect(() => {
    if (autoFocus) {
      const box = boxRef.current;
      box?.focus();
      box?.setSelectionRange(box.value.length, box.value.length);
    }
  }, [autoFocus]);

  // Esc closes the list and only the list: a dialog around the box listens on the document in the
  // capture phase, so the key is taken on the window, before it gets there.
  useEffect(() => {
    if (!isOpen || !mention) return;
    const start = mention.start;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.target !== boxRef.current) return;
      event.preventDefault();
      event.stopPropagation();
      setDismissedAt(start);
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [isOpen, mention]);

  /** Reads the mention under the caret again (typing, clicking, moving the caret). */
  function follow(value: string, caret: number) {
    const found = findMentionQuery(value, caret);
    if (found?.start !== mention?.start || found?.query !== mention?.query) {
      setMention(found);
      setActive(0);
    }
    if (found?.start !== dismissedAt) setDismissedAt(null);
  }

  function pick(user: MentionedUser) {
    if (!mention) return;
    const caret = boxRef.current?.selectionStart ?? text.length;
    const next = insertMention(text, mention, caret, user.name);
    pendingCaret.current = next.caret;
    setText(next.text);
    setPicked((list) => [...list.filter((item) => item.id !== user.id), { id: user.id, name: user.name }]);
    setMention(null);
    setError(null);
  }

  async function save() {
    if (isSaving) return;
    const parsed = noteCreateSchema.safeParse({ body: text, mentions: keptMentionIds(text, picked) });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'validation:note.body_required';
      setError(t(message as never));
      return;
    }
    setIsSaving(true);
    setError(null);
    try {
      await onSave(parsed.data);
      if (clearOnSave) {
        setText('');
        setPicked([]);
        setMention(null);
      }
    } catch (failure) {
      setError(saveErrorText(failure, t('composer.saveError')));
    } finally {
      setIsSaving(false);
    }
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.nativeEvent.isComposing) return;
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey && !event.shiftKey;
    if (isOpen) {
      const count = suggestions.length;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        setActive((activeIndex + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
        return;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && plain) {
        event.preventDefault();
        const user = suggestions[activeIndex];
        if (user) pick(user);
        return;
      }
    }
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void save();
    }
  }

  const length = text.trim().length;
  const over = length - NOTE_BODY_MAX_LENGTH;
  const showCounter = length >= COUNTER_FROM;
  const describedBy = [ids.hint, showCounter ? ids.counter : null, error ? ids.error : null]
    .filter(Boolean)
    .join(' ');

  return (
    <form
      className="grid min-w-0 grid-cols-1 gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className="relative">
        <Textarea
          ref={boxRef}
          aria-label={label}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          aria-autocomplete="list"
          aria-controls={isOpen ? ids.listbox : undefined}
          aria-activedescendant={isOpen ? optionId(activeIndex) : undefined}
          placeholder={t('composer.placeholder')}
          className="max-h-72 min-h-20 min-w-0 resize-y"
          value={text}
          // Read-only rather than disabled while saving: the box keeps the focus for the next note.
          readOnly={isSaving}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(null);
            follow(event.target.value, event.target.selectionStart);
          }}
          onSelect={(event: SyntheticEvent<HTMLTextAreaElement>) =>
            follow(event.currentTarget.value, event.currentTarget.selectionStart)
          }
          onBlur={() => setMention(null)}
          onKeyDown={handleKeyDown}
        />
        {isOpen && (
          <ul
            id={ids.listbox}
            role="listbox"
            aria-label={t('composer.suggestions')}
            className="absolute top-full left-0 z-50 mt-1 max-h-64 w-full max-w-sm overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
          >
            {suggestions.map((user, index) => (
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keyboard picks through the text box (arrows and Enter on its active option); the click is the mouse's way
              <li
                key={user.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                className={cn(
                  'flex cursor-pointer flex-col rounded-sm px-2 py-1.5 text-sm',
                  index === activeIndex && 'bg-accent text-accent-foreground',
                )}
                // The box keeps the focus (and its caret) while a name is clicked.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActive(index)}
                onClick={() => pick(user)}
              >
                <span className="font-medium">{user.name}</span>
                {/* Muted grey on the highlight falls under 4.5:1: the active option's email is not muted. */}
                <span
                  className={cn(
                    'text-xs',
                    index === activeIndex ? 'text-accent-foreground' : 'text-muted-foreground',
                  )}
                >
                  {user.email}
                </span>
              </li>
            ))}
          </ul>
        )}
        <p role="status" className="sr-only">
          {isOpen ? t('composer.suggestionsCount', { count: suggestions.length }) : ''}
        </p>
      </div>
      {error && (
        <p id={ids.error} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
          <span id={ids.hint}>{t('composer.hint')}</span>
          {showCounter && (
            <span id={ids.counter} className={cn(over > 0 && 'font-medium text-destructive')}>
              {over > 0
                ? t('composer.over', { count: over })
                : t('composer.remaining', { count: NOTE_BODY_MAX_LENGTH - length })}
            </span>
          )}
        </div>
        <div className="flex gap-2">
          {onCancel && (
            <Button type="button" variant="outline" size="sm" onClick={onCancel} disabled={isSaving}>
              {t('composer.cancel')}
            </Button>
          )}
          <Button type="submit" size="sm" disabled={isSaving}>
            {isSaving ? t('composer.saving') : submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
