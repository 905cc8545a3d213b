import { useState } from 'react';
import type { Versioned } from '@/lib/http';

/**
 * The version an edit form saves over (its If-Match; docs/api.md, Concurrent edits): the record
 * it was opened with, kept while the query's data moves on, so that someone else's save makes
 * this form's save a 412 instead of being silently overwritten.
 *
 * It moves on by itself only to a newer version whose form values are the ones the form was
 * opened with (`formValues` of both equal): a picture uploaded on the same screen rewrites the
 * brand's row, and nothing the form would send differs. After a save it is the save's answer (so
 * the form can save again); `reload` takes a fresh version and remounts the form (`formKey`) with
 * its values.
 */
export function useEditVersion<T>(loaded: Versioned<T> | undefined, formValues: (record: T) => unknown) {
  const [base, setBase] = useState<Versioned<T> | null>(loaded ?? null);
  const [formKey, setFormKey] = useState(0);
  let current = base;
  if (
    loaded &&
    loaded !== base &&
    (!base ||
      (loaded.etag !== base.etag &&
        JSON.stringify(formValues(loaded.record)) === JSON.stringify(formValues(base.record))))
  ) {
    // Adjusting state to new data during render (React's documented pattern): no effect, no flash.
    setBase(loaded);
    current = loaded;
  }
  return {
    /** The record the form shows and the ETag its save sends; null until the first load. */
    base: current,
    formKey,
    saved: (version: Versioned<T>) => setBase(version),
    reload: (version: Versioned<T>) => {
      setBase(version);
      setFormKey((key) => key + 1);
    },
  };
}
