'use client';

import {
  AccountBookOutlined, ApartmentOutlined, AppstoreOutlined, AuditOutlined, BookOutlined, CarOutlined, CloudUploadOutlined, CommentOutlined, FilePdfOutlined, QuestionCircleOutlined, CustomerServiceOutlined, DashboardOutlined, ExperimentOutlined, FileTextOutlined, GlobalOutlined,
  MenuOutlined, MoneyCollectOutlined, NotificationOutlined, PercentageOutlined, PictureOutlined, ProfileOutlined, ReadOutlined, SafetyOutlined, SettingOutlined, ShoppingCartOutlined, SolutionOutlined, TagsOutlined, TeamOutlined, WarningOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

const ICONS: Record<string, ReactNode> = {
  DashboardOutlined: <DashboardOutlined />,
  ShoppingCartOutlined: <ShoppingCartOutlined />,
  ProfileOutlined: <ProfileOutlined />,
  SettingOutlined: <SettingOutlined />,
  TeamOutlined: <TeamOutlined />,
  SafetyOutlined: <SafetyOutlined />,
  MenuOutlined: <MenuOutlined />,
  SolutionOutlined: <SolutionOutlined />,
  FileTextOutlined: <FileTextOutlined />,
  AuditOutlined: <AuditOutlined />,
  CustomerServiceOutlined: <CustomerServiceOutlined />,
  WarningOutlined: <WarningOutlined />,
  MoneyCollectOutlined: <MoneyCollectOutlined />,
  AppstoreOutlined: <AppstoreOutlined />,
  TagsOutlined: <TagsOutlined />,
  ApartmentOutlined: <ApartmentOutlined />,
  ExperimentOutlined: <ExperimentOutlined />,
  GlobalOutlined: <GlobalOutlined />,
  ReadOutlined: <ReadOutlined />,
  NotificationOutlined: <NotificationOutlined />,
  PictureOutlined: <PictureOutlined />,
  PercentageOutlined: <PercentageOutlined />,
  BookOutlined: <BookOutlined />,
  QuestionCircleOutlined: <QuestionCircleOutlined />,
  FilePdfOutlined: <FilePdfOutlined />,
  CommentOutlined: <CommentOutlined />,
  CloudUploadOutlined: <CloudUploadOutlined />,
  CarOutlined: <CarOutlined />,
  AccountBookOutlined: <AccountBookOutlined />,
};

/** The icon named by a menu row; an unknown name falls back to a neutral icon. */
export function menuIcon(name: string): ReactNode {
  return ICONS[name] ?? <AppstoreOutlined />;
}
