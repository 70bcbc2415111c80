"use client";

import { useTranslations } from "next-intl";
import {
  startTransition,
  useActionState,
  useEffect,
  useRef,
  useState,
  type FormEvent,
} from "react";
import { createPortal } from "react-dom";

import {
  FieldError,
  TextInput,
  SelectInput,
} from "@/components/project/settings/fields";
import { useEnhanced } from "@/components/search/useEnhanced";
import { useFocusReturn } from "@/components/site/useFocusReturn";
import { CREATABLE_TYPES, VISIBILITIES } from "@/lib/projectSettings/creatable";
import { slugify } from "@/lib/slugs";

import type { SettingsFormState } from "../settings/actions";
import { createProjectAction, creatableOwners } from "./actions";

/**
 * "Create a project" (issue 13): a modal dialog from the account menu and the dashboard. The URL follows the name
 * until the creator edits it; owners are the user and the organizations where they may add projects.
 */
export function CreateProjectDialog({
  label,
  buttonClassName = "user-menu__item user-menu__item--button",
}: {
  label: string;
  buttonClassName?: string;
}) {
  const t = useTranslations("CreateProject");
  const ref = useRef<HTMLDialogElement>(null);
  const [owners, setOwners] = useState<{ id: string; name: string }[] | null>(
    null,
  );
  const [state, action, pending] = useActionState<SettingsFormState, FormData>(
    createProjectAction,
    {},
  );
  const [slug, setSlug] = useState("");
  const [slugEdited, setSlugEdited] = useState(false);

  // The dialog lives under <body>, outside the menu panel that hides when the menu closes.
  const mounted = useEnhanced();

  // The form exists only while the dialog is open: every page of a signed-in user carries the
  // button, not a hidden second form.
  const [isOpen, setIsOpen] = useState(false);
  // From the account menu, which closes meanwhile, focus goes back to the menu's button.
  const focus = useFocusReturn(() =>
    document.querySelector<HTMLElement>(".user-menu__button"),
  );
  useEffect(() => {
    if (isOpen && !ref.current?.open) ref.current?.showModal();
  }, [isOpen]);

  function open() {
    focus.remember();
    setIsOpen(true);
    if (owners === null) creatableOwners().then(setOwners, () => setOwners([]));
  }
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    startTransition(() => action(data));
  }
  return (
    <>
      <button type="button" className={buttonClassName} onClick={open}>
        {label}
      </button>
      {mounted
        ? createPortal(
            <dialog
              ref={ref}
              className="create-dialog"
              aria-labelledby="create-project-title"
              onClose={() => {
                setIsOpen(false);
                focus.restore();
              }}
            >
              {isOpen ? (
                <form
                  action={action}
                  onSubmit={onSubmit}
                  className="create-dialog__form"
                  noValidate
                >
                  <div className="create-dialog__head">
                    <h2 id="create-project-title">{t("title")}</h2>
                    <button
                      type="button"
                      className="icon-button"
                      onClick={() => ref.current?.close()}
                      aria-label={t("close")}
                    >
                      ✕
                    </button>
                  </div>
                  <p className="project-settings__hint">{t("lead")}</p>
                  <SelectInput
                    idPrefix="np"
                    name="projectType"
                    label={t("type")}
                    state={state}
                    stored="mod"
                    options={CREATABLE_TYPES.map((v) => ({
                      value: v,
                      label: t(`types.${v}`),
                    }))}
                  />
                  <div className="project-settings__field">
                    <label
                      htmlFor="np-title"
                      className="project-settings__label"
                    >
                      {t("name")}
                    </label>
                    <input
                      id="np-title"
                      name="title"
                      maxLength={64}
                      className="project-settings__input"
                      defaultValue={
                        typeof state.values?.title === "string"
                          ? state.values.title
                          : ""
                      }
                      onChange={(e) =>
                        !slugEdited && setSlug(slugify(e.target.value))
                      }
                      aria-invalid={state.fields?.title ? true : undefined}
                      aria-describedby={
                        state.fields?.title ? "np-title-error" : undefined
                      }
                    />
                    <FieldError
                      id="np-title-error"
                      error={state.fields?.title}
                    />
                  </div>
                  <div className="project-settings__field">
                    <label
                      htmlFor="np-slug"
                      className="project-settings__label"
                    >
                      {t("url")}
                    </label>
                    <input
                      id="np-slug"
                      name="slug"
                      maxLength={64}
                      className="project-settings__input"
                      value={slug}
                      onChange={(e) => {
                        setSlugEdited(true);
                        setSlug(e.target.value);
                      }}
                      aria-invalid={state.fields?.slug ? true : undefined}
                      aria-describedby={
                        state.fields?.slug ? "np-slug-error" : undefined
                      }
                    />
                    <FieldError id="np-slug-error" error={state.fields?.slug} />
                  </div>
                  <TextInput
                    idPrefix="np"
                    name="summary"
                    label={t("summary")}
                    hint={t("summaryHint")}
                    state={state}
                    stored=""
                    multiline
                    rows={2}
                    maxLength={256}
                  />
                  <SelectInput
                    idPrefix="np"
                    name="visibility"
                    label={t("visibility")}
                    state={state}
                    stored="approved"
                    options={VISIBILITIES.map((v) => ({
                      value: v,
                      label: t(`visibilities.${v}`),
                    }))}
                  />
                  {owners && owners.length > 0 ? (
                    <SelectInput
                      idPrefix="np"
                      name="organization"
                      label={t("owner")}
                      state={state}
                      stored=""
                      options={[
                        { value: "", label: t("ownerYou") },
                        ...owners.map((o) => ({ value: o.id, label: o.name })),
                      ]}
                    />
                  ) : null}
                  {state.form ? (
                    <p className="project-settings__error" role="alert">
                      {state.form}
                    </p>
                  ) : null}
                  <div className="create-dialog__actions">
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => ref.current?.close()}
                    >
                      {t("cancel")}
                    </button>
                    <button
                      type="submit"
                      className="button button--primary"
                      disabled={pending}
                      aria-busy={pending || undefined}
                    >
                      {t("create")}
                    </button>
                  </div>
                </form>
              ) : null}
            </dialog>,
            document.body,
          )
        : null}
    </>
  );
}
