/**
 * Shared UI components (see each file's doc comments). DataTable, SearchBox and Breadcrumbs are imported
 * from their own files: what this index exports goes into one chunk that every route using it loads
 * (decision 034), and those are used by a few lists only.
 */
export { Badge, type BadgeProps } from "./Badge";
export {
  Button,
  LinkButton,
  SubmitButton,
  buttonClass,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
  type LinkButtonProps,
  type SubmitButtonProps,
} from "./Button";
export { colorStyle, contrastRatio, readableTextColor } from "./color";
export { EmptyState, type EmptyStateProps } from "./EmptyState";
export {
  Checkbox,
  ErrorSummary,
  Select,
  TextArea,
  TextField,
  describedBy,
  fieldIds,
  type CheckboxProps,
  type ErrorSummaryItem,
  type ErrorSummaryProps,
  type SelectOption,
  type SelectProps,
  type TextAreaProps,
  type TextFieldProps,
} from "./Field";
export { SEARCH_DEBOUNCE_MS, useDebouncedSubmit } from "./hooks";
/** The library's (remix-utils): false on the server and in the hydration render, true afterwards. */
export { useHydrated } from "remix-utils/use-hydrated";
export { TimesInUtc } from "./TimesInUtc";
export { JS_ENABLED_SCRIPT, JsEnabledScript } from "./JsEnabledScript";
export { Modal, ModalFrame, type ModalFrameProps, type ModalProps } from "./Modal";
export { OmittedNotice } from "./OmittedNotice";
export { Paginator, type PaginatorProps } from "./Paginator";
export { SkeletonCards, SkeletonRows, SkeletonTabs } from "./Skeleton";
export { LoadingScreen, Spinner, type SpinnerProps } from "./Spinner";
export { Tabs, type TabItem, type TabsProps } from "./Tabs";
export { TOAST_DURATION_MS, Toast, type ToastMessage, type ToastProps } from "./Toast";
export { VisuallyHidden } from "./VisuallyHidden";
export { RichText, type RichBody } from "./RichText";
