"use client";

import { useTranslations } from "next-intl";
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from "react";

import { useFocusReturn } from "@/components/site/useFocusReturn";

/**
 * A button that opens a modal dialog (the create-a-project dialog's look). The content exists only
 * while the dialog is open; `children` gets `close` to call when its work is done.
 */
export function ModalButton({
  label,
  title,
  buttonClass = "button button--secondary",
  icon,
  iconOnly = false,
  children,
}: {
  label: string;
  title: string;
  buttonClass?: string;
  icon?: ReactNode;
  /** Only the icon shows; `label` names the button for assistive technology and as its tooltip. */
  iconOnly?: boolean;
  children: (close: () => void) => ReactNode;
}) {
  const t = useTranslations("Collections");
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const focus = useFocusReturn();
  // The dialog follows `isOpen`, before paint. Closing it (here, or natively with Escape) fires its
  // close event, which settles the state and returns focus.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (isOpen && !dialog?.open) dialog?.showModal();
    else if (!isOpen && dialog?.open) dialog.close();
  }, [isOpen]);
  const close = () => setIsOpen(false);
  return (
    <>
      <button
        type="button"
        className={buttonClass}
        onClick={() => {
          focus.remember();
          setIsOpen(true);
        }}
        aria-haspopup="dialog"
        aria-label={iconOnly ? label : undefined}
        title={iconOnly ? label : undefined}
      >
        {icon}
        {iconOnly ? null : label}
      </button>
      <dialog
        ref={ref}
        className="create-dialog"
        aria-labelledby={titleId}
        onClose={() => {
          setIsOpen(false);
          focus.restore();
        }}
      >
        {isOpen ? (
          <div className="create-dialog__form">
            <div className="create-dialog__head">
              <h2 id={titleId}>{title}</h2>
              <button
                type="button"
                className="icon-button"
                onClick={close}
                aria-label={t("close")}
              >
                ✕
              </button>
            </div>
            {children(close)}
          </div>
        ) : null}
      </dialog>
    </>
  );
}
