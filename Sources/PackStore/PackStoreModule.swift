enum PackStoreModule {}
