'use client';

import { Input, type InputRef } from 'antd';
import type { SearchProps } from 'antd/es/input';
import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The back-office's search field. The server renders it, so it takes typing before the page's scripts
 * have run (up to seconds on a loaded machine); hydration keeps what the field holds but not the state
 * behind it, and the next render would write the initial value back. On mount the field's text is read
 * into its state, so what was typed before hydration stays, and Enter searches for it.
 */
export function SearchBox({ defaultValue, onChange, ...props }: Omit<SearchProps, 'value' | 'defaultValue'> & { defaultValue?: string }) {
  const ref = useRef<InputRef>(null);
  const [value, setValue] = useState(defaultValue ?? '');
  useLayoutEffect(() => {
    const typed = ref.current?.input?.value;
    if (typed !== undefined && typed !== (defaultValue ?? '')) setValue(typed);
    // Once, on the first commit after hydration: later renders own the value.
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
