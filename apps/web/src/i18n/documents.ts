import { DOCUMENT_LOAD_FAILED, DOCUMENT_MESSAGES } from '@clinic/domain';

/** A patient's documents (features/documents; doc 2 section 2.11). */
export const documentTexts = {
  documents: {
    title: 'Documents',
    upload: 'Upload',
    empty: 'This patient has no documents yet.',
    loadFailed: DOCUMENT_LOAD_FAILED,
    columns: {
      name: 'File name',
      category: 'Category',
      remark: 'Remark',
      uploaded: 'Uploaded',
      by: 'By',
      actions: 'Actions',
    },
    actions: {
      preview: 'Preview {{name}}',
      edit: 'Edit {{name}}',
      download: 'Download {{name}}',
      remove: 'Delete {{name}}',
    },
    editor: {
      createTitle: 'Upload document',
      editTitle: 'Edit document',
      dropHint: 'Drag & Drop your picture or',
      browse: 'Browse',
      chosen: 'Chosen: {{name}} ({{size}})',
      fileName: 'FILE NAME',
      category: 'CATEGORY',
      remark: 'REMARK',
      cancel: 'Cancel',
      save: 'Save',
      pdf: 'PDF document',
      saved: 'Success',
    },
    removeConfirm: 'Are your sure you remove this?',
    removed: 'Successful',
    preview: {
      title: 'Preview',
      loading: 'Loading the file…',
      pdfFrame: 'PDF preview of {{name}}',
    },
    rules: {
      fileRequired: DOCUMENT_MESSAGES.fileRequired,
      oneFile: DOCUMENT_MESSAGES.oneFile,
      fileType: DOCUMENT_MESSAGES.fileType,
      fileEmpty: DOCUMENT_MESSAGES.fileEmpty,
      tooLarge: 'The file is too large: the largest accepted is {{max}}.',
      nameRequired: DOCUMENT_MESSAGES.nameRequired,
      categoryRequired: DOCUMENT_MESSAGES.categoryRequired,
    },
  },
};
