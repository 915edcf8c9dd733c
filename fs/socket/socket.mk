# fs/socket/: sockets: the generic layer and the AF_UNIX family.
KERNEL_SRCS += fs/socket/socket.c fs/socket/calls.c fs/socket/unix.c \
	fs/socket/unix_msg.c fs/socket/unix_name.c fs/socket/unix_scm.c
