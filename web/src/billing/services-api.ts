/** The practice's services offered and fees (issue 15): read and saved as one versioned catalog. */
import { call } from '../settings/graphql';
import type { TypedDocument } from '../platform/typed-document';
import type * as Op from '../platform/operations.generated';

export type BillingCatalog = Op.GetBillingCatalogQuery['getBillingCatalog'];

const GET = (/* GraphQL */ `
  query GetBillingCatalog { getBillingCatalog { services { code description defaultMinutes rateCents isDefault } decimals lateCancelFeeCents noShowFeeCents currency version } }
`) as TypedDocument<Op.GetBillingCatalogQuery, Op.GetBillingCatalogQueryVariables>;
const EDIT = (/* GraphQL */ `
  mutation EditBillingCatalog($version: Int!, $input: BillingCatalogInput!) { editBillingCatalog(version: $version, input: $input) { version } }
`) as TypedDocument<Op.EditBillingCatalogMutation, Op.EditBillingCatalogMutationVariables>;

export function getBillingCatalog() {
  return call(GET, {}, (d) => d.getBillingCatalog);
}
export function editBillingCatalog(variables: Op.EditBillingCatalogMutationVariables) {
  return call(EDIT, variables, (d) => d.editBillingCatalog);
}
