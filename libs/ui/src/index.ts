export { createAppTheme, type AppThemeVariant } from './theme/app-theme';
export { AppThemeProvider, type AppThemeProviderProps } from './theme/app-theme-provider';
export { brandColors } from './theme/palette';
export { systemFontStack } from './theme/typography';
export { EmptyState, type EmptyStateProps } from './components/empty-state';
export { InitialAvatar, initialOf, type InitialAvatarProps } from './components/initial-avatar';
export { LoadingState, type LoadingStateProps } from './components/loading-state';
export { Logo, type LogoProps } from './components/logo';
export { MediaPanel, type MediaPanelProps } from './components/media-panel';
export { PageHeader, type PageHeaderProps } from './components/page-header';
export {
  DialogHeader,
  DialogOrSheet,
  FormDialog,
  FormDialogActions,
  ResponsiveDialog,
  useWideDialog,
  type DialogOrSheetProps,
  type FormDialogActionsProps,
  type FormDialogProps,
  type ResponsiveDialogProps,
} from './components/responsive-dialog';
export {
  MemberAddRow,
  MemberList,
  type MemberAddRowProps,
  type MemberListItem,
  type MemberListProps,
} from './components/member-list';
export { PasswordField, type PasswordFieldProps } from './components/password-field';
export { TextInputField, type TextInputFieldProps } from './components/text-input-field';
export { RoleBadge, roleBadgeTone, type RoleBadgeProps } from './components/role-badge';
export { SiteFooter, type LegalSection, type SiteFooterProps } from './components/site-footer';
export { StatusChip, type StatusChipProps } from './components/status-chip';
export { ToastCard, type ToastCardProps, type ToastVariant } from './components/toast-card';
export { ToastViewport, type ToastViewportProps } from './components/toast-viewport';
export { BarChart, type BarChartDatum, type BarChartProps } from './components/bar-chart';
export {
  ChatBubble,
  SourceButtons,
  visuallyHidden,
  type ChatBubbleProps,
  type SourceLink,
} from './components/chat-bubble';
