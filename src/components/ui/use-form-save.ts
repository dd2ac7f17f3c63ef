'use client';

import { useRef, useState } from 'react';

/**
 * A form's save (a modal's OK, a drawer's Save). `saving` holds from the click until the save has ended, for the
 * button's `confirmLoading` or `loading`; `onFinish` is the form's, and sends nothing while a save runs, so a
 * double click or a second Enter creates one record, not two.
 */
export function useFormSave<T = void>(save: (values: T) => Promise<unknown>) {
  const [saving, setSaving] = useState(false);
  const running = useRef(false);
  const onFinish = async (values: T) => {
    if (running.current) return;
    running.current = true;
    setSaving(true);
    try {
      await save(values);
    } finally {
      running.current = false;
      setSaving(false);
    }
  };
  return { saving, onFinish };
}
