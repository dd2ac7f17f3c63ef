'use client';

import { Input, type GetProps } from 'antd';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { typedBeforeHydration } from './typed-before-hydration';

type SearchProps = GetProps<typeof Input.Search>;

/** A search field's props: antd's `Input.Search`, started from `defaultValue` (the field keeps its own text). */
export type SearchFieldProps = Omit<SearchProps, 'value' | 'defaultValue'> & { defaultValue?: string };

/** The value of the server-rendered field of this id, in the browser, while React hydrates it. */
function serverFieldValue(id: string): string | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(id);
  return element instanceof HTMLInputElement ? element.value : null;
}

/**
 * antd's search field that keeps what was typed before the page's scripts ran. The server renders the field
 * and React keeps its element when it hydrates, but antd's field is controlled: a render soon after sets the
 * element back to the rendered text. The field's id (`useId`, the same on the server and in the hydrating
 * browser) finds the element in the first render, before anything is committed; a field mounted in the browser
 * finds none, as its id is new. The hydrating render shows the server's text, so that both agree; the text
 * typed meanwhile becomes the field's own before the browser paints, and is searched at once, as if Enter had
 * been pressed — the list then shows what the box says, and an Enter pressed before the scripts ran is not lost.
 */
export function SearchField({ defaultValue = '', onChange, onSearch, id, ...props }: SearchFieldProps) {
  const ownId = useId();
  const fieldId = id ?? ownId;
  const [typed] = useState(() => typedBeforeHydration(serverFieldValue(fieldId), defaultValue));
  const [text, setText] = useState(defaultValue);
  const settled = useRef(false);

  useLayoutEffect(() => {
    if (settled.current || typed === null) return;
    settled.current = true;
    setText(typed);
    onSearch?.(typed, undefined, { source: 'input' });
  }, [typed, onSearch]);

  return (
    <Input.Search
      {...props}
      id={fieldId}
      value={text}
      onChange={(e) => { setText(e.target.value); onChange?.(e); }}
      onSearch={onSearch}
    />
  );
}
