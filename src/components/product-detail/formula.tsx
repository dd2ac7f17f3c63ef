import { Fragment } from 'react';

/** A molecular formula with its counts as subscripts: C9H8O4 → C₉H₈O₄ (and `·` or charges kept as they are). */
export function Formula({ value }: { value: string }) {
  const parts = value.split(/(\d+)/).filter(Boolean);
  return (
    <span data-testid="formula">
      {parts.map((part, i) => {
        const previous = parts[i - 1] ?? '';
        const isCount = /^\d+$/.test(part) && /[A-Za-z)\]]$/.test(previous);
        return isCount ? <sub key={i}>{part}</sub> : <Fragment key={i}>{part}</Fragment>;
      })}
    </span>
  );
}
