/** The label print dialog (print/). */
export const printTexts = {
  print: {
    copies: 'Number of Copies',
    copiesRange: 'Please enter 1 to {{max}} copies.',
    print: 'Print',
    download: 'Download',
    preparing: 'Preparing the document',
  },
};
