/** The billing prints' English texts: the invoice's Print menu and a payment's receipt. */
export const billingPrintsTexts = {
  billingPrints: {
    menu: 'Print',
    menuLabel: 'Print this invoice',
    invoiceItemised: 'Invoice (A4, itemised)',
    invoiceSummary: 'Invoice (A4, summary)',
    invoiceStub: 'Invoice (A5 stub)',
    receipt: 'Receipt (A4)',
    taxInvoice: 'Tax invoice',
    quotation: 'Quotation',
    statement: "Statement of the patient's unpaid invoices",
    titles: {
      invoiceItemised: 'Invoice {{number}}',
      invoiceSummary: 'Invoice {{number}} (summary)',
      invoiceStub: 'Invoice {{number}} (A5)',
      receipt: 'Receipt of invoice {{number}}',
      taxInvoice: 'Tax invoice {{number}}',
      quotation: 'Quotation',
      statement: 'Statement of {{name}}',
      paymentReceipt: 'Payment receipt {{number}}',
    },
    printPayment: 'Print',
    printPaymentOf: 'Print the receipt of payment {{number}}',
  },
};
