import { ProjectReadOnlyNotice as ProjectReadOnlyNotice_b12d2c3dacdcf415c87e34f34492a270 } from '../../../components/admin/ProjectReadOnlyNotice'
import { ProjectChecklist as ProjectChecklist_7e2c7b2ff3331ae14e7158ad902a7312 } from '../../../components/admin/ProjectChecklist'
import { ModerationPanel as ModerationPanel_13995ab2b03bea8268d3461f49e46e05 } from '../../../components/admin/moderation/ModerationPanel'
import { RscEntryLexicalCell as RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { RscEntryLexicalField as RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { LexicalDiffComponent as LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { BlocksFeatureClient as BlocksFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BoldFeatureClient as BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ItalicFeatureClient as ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnderlineFeatureClient as UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { StrikethroughFeatureClient as StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SubscriptFeatureClient as SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SuperscriptFeatureClient as SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { InlineCodeFeatureClient as InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ParagraphFeatureClient as ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HeadingFeatureClient as HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { AlignFeatureClient as AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { IndentFeatureClient as IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnorderedListFeatureClient as UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { OrderedListFeatureClient as OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ChecklistFeatureClient as ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { LinkFeatureClient as LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { RelationshipFeatureClient as RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BlockquoteFeatureClient as BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UploadFeatureClient as UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HorizontalRuleFeatureClient as HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { InlineToolbarFeatureClient as InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { AdminAvatar as AdminAvatar_0835831c9eca81609d16eec09a68afed } from '../../../components/admin/brand/AdminAvatar'
import { AdminIcon as AdminIcon_ad972d862c0c545f71781ca03782df23 } from '../../../components/admin/brand/AdminIcon'
import { AdminLogo as AdminLogo_738b7ca58fdebe96ea430017df2b6cf9 } from '../../../components/admin/brand/AdminLogo'
import { StaffNavLinks as StaffNavLinks_baea46bd6d012ee47345d3f3aa06b90d } from '../../../components/admin/nav/StaffNavLinks'
import { WorkDashboard as WorkDashboard_633342d8ae1d23487d760f48c69b308d } from '../../../components/admin/dashboard/WorkDashboard'
import { S3ClientUploadHandler as S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24 } from '@payloadcms/storage-s3/client'
import { ModerationQueueView as ModerationQueueView_660b721c7fde0c3255ce5a3b00f23c96 } from '../../../components/admin/views/ModerationQueueView'
import { UserEmailView as UserEmailView_8fe36d9662a842a0a3f663e3615f10cc } from '../../../components/admin/views/UserEmailView'
import { BillingUserView as BillingUserView_1690437c481a027db5c07aaeb7bc575b } from '../../../components/admin/views/BillingUserView'
import { RevenueOverviewView as RevenueOverviewView_a0bec1bfff9f5962c57e596d36e0aecd } from '../../../components/admin/views/RevenueOverviewView'
import { ServerNoticesView as ServerNoticesView_833a62244335024d7c544c3e877a97c3 } from '../../../components/admin/views/ServerNoticesView'
import { RevenueUserView as RevenueUserView_680b340634c127faac35f79c74beb739 } from '../../../components/admin/views/RevenueUserView'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "/components/admin/ProjectReadOnlyNotice#ProjectReadOnlyNotice": ProjectReadOnlyNotice_b12d2c3dacdcf415c87e34f34492a270,
  "/components/admin/ProjectChecklist#ProjectChecklist": ProjectChecklist_7e2c7b2ff3331ae14e7158ad902a7312,
  "/components/admin/moderation/ModerationPanel#ModerationPanel": ModerationPanel_13995ab2b03bea8268d3461f49e46e05,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalCell": RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalField": RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#LexicalDiffComponent": LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/client#BlocksFeatureClient": BlocksFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BoldFeatureClient": BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ItalicFeatureClient": ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnderlineFeatureClient": UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#StrikethroughFeatureClient": StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SubscriptFeatureClient": SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SuperscriptFeatureClient": SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#InlineCodeFeatureClient": InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ParagraphFeatureClient": ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HeadingFeatureClient": HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#AlignFeatureClient": AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#IndentFeatureClient": IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnorderedListFeatureClient": UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#OrderedListFeatureClient": OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ChecklistFeatureClient": ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#LinkFeatureClient": LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#RelationshipFeatureClient": RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BlockquoteFeatureClient": BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UploadFeatureClient": UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HorizontalRuleFeatureClient": HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#InlineToolbarFeatureClient": InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "/components/admin/brand/AdminAvatar#AdminAvatar": AdminAvatar_0835831c9eca81609d16eec09a68afed,
  "/components/admin/brand/AdminIcon#AdminIcon": AdminIcon_ad972d862c0c545f71781ca03782df23,
  "/components/admin/brand/AdminLogo#AdminLogo": AdminLogo_738b7ca58fdebe96ea430017df2b6cf9,
  "/components/admin/nav/StaffNavLinks#StaffNavLinks": StaffNavLinks_baea46bd6d012ee47345d3f3aa06b90d,
  "/components/admin/dashboard/WorkDashboard#WorkDashboard": WorkDashboard_633342d8ae1d23487d760f48c69b308d,
  "@payloadcms/storage-s3/client#S3ClientUploadHandler": S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24,
  "/components/admin/views/ModerationQueueView#ModerationQueueView": ModerationQueueView_660b721c7fde0c3255ce5a3b00f23c96,
  "/components/admin/views/UserEmailView#UserEmailView": UserEmailView_8fe36d9662a842a0a3f663e3615f10cc,
  "/components/admin/views/BillingUserView#BillingUserView": BillingUserView_1690437c481a027db5c07aaeb7bc575b,
  "/components/admin/views/RevenueOverviewView#RevenueOverviewView": RevenueOverviewView_a0bec1bfff9f5962c57e596d36e0aecd,
  "/components/admin/views/ServerNoticesView#ServerNoticesView": ServerNoticesView_833a62244335024d7c544c3e877a97c3,
  "/components/admin/views/RevenueUserView#RevenueUserView": RevenueUserView_680b340634c127faac35f79c74beb739,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
