// The remark's rule, loaded by RemarkCell when a remark is saved (see there).
export { QueueRemarkBody, toFieldErrors } from '@clinic/domain';
