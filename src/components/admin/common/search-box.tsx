'use client';

import { Input, type InputRef } from 'antd';
import type { SearchProps } from 'antd/es/input';
import { useLayoutEffect, useRef, useState } from 'react';

type SearchBoxProps = Omit<SearchProps, 'value' | 'defaultValue' | 'aria-label'> & { 'aria-label': string; defaultValue?: string };

/**
 * What the server-rendered field of this label holds, typed into before the scripts ran. Only a field
 * React has not taken over (no fiber on it): a field of another view kept alive in the page is React's,
 * and its text is never borrowed.
 */
function typedIn(label: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const field of document.querySelectorAll<HTMLInputElement>(`input[aria-label="${CSS.escape(label)}"]`)) {
    if (!Object.keys(field).some((k) => k.startsWith('__reactFiber$'))) return field.value;
  }
  return null;
}

/**
 * The back-office's search field. The server renders it, so it takes typing before the page's scripts
 * have run (seconds on a loaded machine). The client may then render the view afresh, replacing the
 * server's field, or keep the field but not the state behind it: either way the text typed so far was
 * lost. The field's state starts from the text of the field it replaces (read while that is still in the
 * page), and is read once more on mount, so what was typed stays and Enter searches for it.
 */
export function SearchBox({ defaultValue, onChange, ...props }: SearchBoxProps) {
  const label = props['aria-label'];
  const ref = useRef<InputRef>(null);
  const [value, setValue] = useState(() => typedIn(label) || (defaultValue ?? ''));
  useLayoutEffect(() => {
    const typed = ref.current?.input?.value;
    if (typed !== undefined && typed !== '' && typed !== value) setValue(typed);
    // Once, on the first commit in the browser: later renders own the value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Input.Search {...props} ref={ref} value={value}
      onChange={(e) => {
        setValue(e.target.value);
        onChange?.(e);
      }} />
  );
}
