import { DocumentKindPage, documentPageMetadata, type DocumentPageProps } from '../../../_lib/document-kind-page';

export const generateMetadata = (props: DocumentPageProps) => documentPageMetadata('protocols', props);

/** Protocols of products, searchable by item number, CAS number or name. */
export default function Page(props: DocumentPageProps) {
  return <DocumentKindPage kind="protocols" {...props} />;
}
