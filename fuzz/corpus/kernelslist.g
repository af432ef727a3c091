MemcpyHtoD,0x00007f0000000000,4096
kernel-1.traceg
MemcpyDtoH,0x1,2
