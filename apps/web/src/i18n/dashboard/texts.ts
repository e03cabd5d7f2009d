/** The dashboard's English texts (doc 1 section 2.10; registered by `./index.ts`). */
export const dashboardTexts = {
  dashboard: {
    title: 'Dashboard',
    date: 'Day',
    previousDay: 'Previous day',
    nextDay: 'Next day',
    refresh: 'Refresh',
    loadFailed: 'The dashboard could not be loaded.',
    cards: {
      pendingQueue: 'Pending queue',
      openQueue: 'Open the queue',
      unbilled: 'Unbilled prescription patients',
      billed: 'Today billed',
      payment: 'Today payment',
      subsidy: 'Subsidy',
    },
    patients: {
      title: 'Unbill Patients',
      date: 'Day of the unbilled patients',
      name: 'Name',
      nric: 'NRIC',
      cardNo: 'Card No.',
      empty: 'All patient(s) was billed',
    },
    invoices: {
      title: 'Unpaid Invoices',
      date: 'Day of the unpaid invoices',
      invoiceNumber: 'Invoice No.',
      patient: 'Patient',
      total: 'Total',
      paid: 'Paid',
      balance: 'Balance',
      empty: 'All invoice(s) was paid',
    },
    payments: {
      title: 'Payment methods',
      date: 'Day of the payments',
      amount: 'Amount',
      count: 'Payments',
      empty: 'No payment on this day',
    },
  },
};
