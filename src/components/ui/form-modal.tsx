'use client';

import { Modal, type ModalProps } from 'antd';
import { useState } from 'react';

/**
 * An antd Modal whose OK button answers once the dialog has opened. While the dialog zooms in, its
 * OK is measured at full size and then shrinks to start the animation: a press on it lands on a
 * button that moves, and the release elsewhere clicks nothing — a save lost without a word. Every
 * dialog with an OK button is a FormModal; `okButtonProps` are kept, `disabled` added to.
 */
export function FormModal({ afterOpenChange, okButtonProps, ...props }: ModalProps) {
  const [opened, setOpened] = useState(false);
  return (
    <Modal
      {...props}
      afterOpenChange={(open) => {
        setOpened(open);
        afterOpenChange?.(open);
      }}
      okButtonProps={{ ...okButtonProps, disabled: !opened || Boolean(okButtonProps?.disabled) }}
    />
  );
}
