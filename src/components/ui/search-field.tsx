'use client';

import { Input, type GetProps, type InputRef } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
import { typedBeforeHydration } from './typed-before-hydration';

type SearchProps = GetProps<typeof Input.Search>;

/** A search field's props: antd's `Input.Search`, started from `defaultValue` (the field keeps its own text). */
export type SearchFieldProps = Omit<SearchProps, 'value' | 'defaultValue'> & { defaultValue?: string };

/**
 * antd's search field that keeps what was typed before the page's scripts ran. The server renders the field
 * and React keeps its element when it hydrates, but antd's field is controlled: its next render would set the
 * element back to the rendered text. On its first commit, before the browser paints, the field reads the
 * element; text typed meanwhile becomes the field's own, and is searched at once, as if Enter had been pressed
 * — the list then shows what the box says, and an Enter pressed before the scripts ran is not lost.
 */
export function SearchField({ defaultValue = '', onChange, onSearch, ...props }: SearchFieldProps) {
  const [text, setText] = useState(defaultValue);
  const field = useRef<InputRef>(null);
  const settled = useRef(false);

  useLayoutEffect(() => {
    if (settled.current) return;
    settled.current = true;
    const typed = typedBeforeHydration(field.current?.input?.value, text);
    if (typed === null) return;
    setText(typed);
    onSearch?.(typed, undefined, { source: 'input' });
  }, [text, onSearch]);

  return (
    <Input.Search
      {...props}
      ref={field}
      value={text}
      onChange={(e) => { setText(e.target.value); onChange?.(e); }}
      onSearch={onSearch}
    />
  );
}
