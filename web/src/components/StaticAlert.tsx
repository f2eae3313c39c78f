import type { ReactNode } from 'react';

/**
 * An alert that shows as long as it is rendered: the markup react-bootstrap's `<Alert>` renders when shown
 * ('fade … show' included), without its transition and close-button code, which a screen that never
 * dismisses an alert (the sign-in page) need not load.
 */
export function StaticAlert({
  variant,
  role = 'alert',
  className,
  children,
}: {
  variant: 'danger' | 'warning' | 'info' | 'success';
  role?: 'alert' | 'status';
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role={role} className={['fade', className, 'alert', `alert-${variant}`, 'show'].filter(Boolean).join(' ')}>
      {children}
    </div>
  );
}
