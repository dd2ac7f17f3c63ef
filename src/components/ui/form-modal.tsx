'use client';

import { Modal, type ModalProps } from 'antd';
import { useState } from 'react';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * An antd Modal whose OK button answers once the dialog has opened. While the dialog zooms in, its
 * OK is measured at full size and then shrinks to start the animation: a press on it lands on a
 * button that moves, and the release elsewhere clicks nothing — a save lost without a word. Every
 * dialog with an OK button is a FormModal; `okButtonProps` are kept, `disabled` added to.
 *
 * `forceRender` (a closed dialog whose form is already there for `useForm`) takes effect once the page
 * has hydrated: the server renders no dialog, and a dialog the browser's first render added would not
 * match the server's HTML (React's hydration error #418).
 */
export function FormModal({ afterOpenChange, okButtonProps, forceRender, ...props }: ModalProps) {
  const [opened, setOpened] = useState(false);
  const hydrated = useHydrated();
  return (
    <Modal
      {...props}
      forceRender={Boolean(forceRender) && hydrated}
      afterOpenChange={(open) => {
        setOpened(open);
        afterOpenChange?.(open);
      }}
      okButtonProps={{ ...okButtonProps, disabled: !opened || Boolean(okButtonProps?.disabled) }}
    />
  );
}
