import { useQueryClient } from '@tanstack/react-query';
import { templateEventNames } from '@wac/contract/templates';
import { useSocketEvent } from '../../../lib/socket';
import { templateKey } from '../api/get-template';
import { type TemplateSearchResult, templateSearchKey } from '../api/search-templates';
import { withTemplateChange } from '../api/template-cache';

/**
 * Meta's reviews arrive as template_status_update: the template changes in place at once, then the
 * lists are fetched again so filters, order and new templates are right.
 */
export function useTemplateLiveUpdates(): void {
  const queryClient = useQueryClient();
  useSocketEvent(templateEventNames.statusUpdate, ({ template }) => {
    queryClient.setQueriesData<TemplateSearchResult>({ queryKey: templateSearchKey }, (page) => page && withTemplateChange(page, template));
    queryClient.setQueryData(templateKey(template.id), template);
    void queryClient.invalidateQueries({ queryKey: templateSearchKey });
  });
}
