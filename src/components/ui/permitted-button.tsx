'use client';

import { Button, Tooltip, type ButtonProps } from 'antd';
import type { Requirement } from '@/lib/permits';
import { usePermits } from './permitted';

/**
 * The disabled-with-reason variant of `Permitted` for buttons (docs/requirements/account.md#permissions): without the permission or
 * role the button stays in place, disabled, and its tooltip (and accessible description) says why.
 * The server refuses the same call.
 */
export function PermittedButton({ permissions, roles, reason, ...props }: Requirement & { reason: string } & ButtonProps) {
  const allowed = usePermits({ permissions, roles });
  if (allowed) return <Button {...props} />;
  return (
    <Tooltip title={reason}>
      <span className="inline-block cursor-not-allowed" tabIndex={0} aria-label={reason} data-permission-denied="">
        <Button {...props} disabled aria-disabled onClick={undefined} style={{ ...props.style, pointerEvents: 'none' }} />
      </span>
    </Tooltip>
  );
}
