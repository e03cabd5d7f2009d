import { lazy, Suspense, type ComponentType } from 'react';

/**
 * The inventory forms load when they are shown (a dialog opened, a form page visited): they
 * bring the domain's schemas and the date picker, which the lists do not need.
 */
const forms = () => import('./StockForms.tsx');

function lazyForm<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Form = lazy(async () => ({ default: await load() }));
  return function LazyForm(props: P) {
    return (
      <Suspense fallback={null}>
        <Form {...props} />
      </Suspense>
    );
  };
}

export const ReceiveDialog = lazyForm(async () => (await forms()).ReceiveDialog);
export const ReceiveBatchForm = lazyForm(async () => (await forms()).ReceiveBatchForm);
export const AdjustDialog = lazyForm(async () => (await forms()).AdjustDialog);
export const AdjustItemForm = lazyForm(async () => (await forms()).AdjustItemForm);
export const ReorderDialog = lazyForm(async () => (await forms()).ReorderDialog);
export const SupplierDialog = lazyForm(async () => (await forms()).SupplierDialog);
